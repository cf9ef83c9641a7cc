// The gift cards' store, written once over the generic ModelStore (both backends): issue (refusing a code in use;
// the recipient's mail recorded in the card's transaction, so there is never a card whose mail was lost), a card by
// its code, the shop's cards, an account's store credit. Orders spend and give back through the tender
// hooks (index.ts), in the order's transaction, not here.
import { randomBytes } from 'node:crypto';
import type { ModelStore, ModelTransaction } from '../module.js';
import {
  assertCodeFree,
  codeFromBytes,
  CODE_LENGTH,
  GIFT_CARD_MODEL,
  giftCardMail,
  issueCard,
  SHOP_OWNER,
  type GiftCardRecord,
  type StoreCreditRecord,
} from './giftCards.js';

export interface GiftCardStore {
  /** A new card with a fresh random code (conflict in the 1-in-2^80 case of a code in use). */
  issue(
    input: { amountCents: number; expiresAt?: string | null; recipientEmail?: string | null },
    now: Date,
  ): Promise<GiftCardRecord>;
  /** A card by its code (normalised: giftCards.ts normalizeCode); null when none. */
  get(code: string): Promise<GiftCardRecord | null>;
  /** The shop's cards, newest first. */
  list(): Promise<GiftCardRecord[]>;
  /** An account's store credit; null before its first credit. */
  credit(userId: string): Promise<StoreCreditRecord | null>;
}

export function giftCardStore(
  cards: ModelStore<GiftCardRecord>,
  credits: ModelStore<StoreCreditRecord>,
  transaction: ModelTransaction,
): GiftCardStore {
  return {
    issue(input, now) {
      const code = codeFromBytes(randomBytes(CODE_LENGTH));
      return transaction(async (tx) => {
        assertCodeFree(await tx.get(GIFT_CARD_MODEL, code));
        const card = issueCard({ code, ...input, now });
        tx.put(GIFT_CARD_MODEL, card, SHOP_OWNER);
        // Once per card (the outbox's key), with the card: both are recorded or neither.
        if (card.recipientEmail)
          tx.mail(
            { key: `gift-card:${card.code}`, to: card.recipientEmail, template: 'gift-card', data: giftCardMail(card) },
            now,
          );
        return card;
      });
    },
    get: (code) => (code ? cards.get(code) : Promise.resolve(null)),
    async list() {
      const all = await cards.list(SHOP_OWNER);
      return all.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    },
    credit: (userId) => credits.get(userId),
  };
}
