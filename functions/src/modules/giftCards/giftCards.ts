// Gift cards and store credit (issue 39's proof): the field tables and the pure decisions. A gift card is a bearer
// code the owner issues (random, 16 characters of a 32-symbol alphabet: 80 bits, shown in groups of 4) with a
// balance, an optional expiry and recipient; it pays part or all of an order (orders/tenders.ts, kind 'giftCard').
// Store credit is a balance owned by an account (kind 'storeCredit'): refunds may go to it (the owner chooses), and
// the account spends it at checkout. Both balances are never below 0: the decisions refuse it and the stores too
// (an SQL CHECK; the order's transaction reads the record, so a concurrent order retries on Firestore).
import { z } from 'zod';
import { badInput, conflict, notFound } from '../../domain/errors.js';
import { emailSchema, plainString } from '../../domain/schemas.js';
import { ACCOUNT_KEY, defineModel, field, type ModelRecord } from '../../domain/model.js';
import { formatPrice, toDollars } from '../../domain/money.js';
import { tenderField, tenderShare, type TenderHook } from '../../domain/tenders.js';

/** One line of a balance's history: what moved it, by how much (cents, signed) and the balance after. */
export interface BalanceEntry {
  at: string;
  kind: 'issued' | 'order' | 'released' | 'refund';
  orderId?: string;
  amountCents: number;
  balanceCents: number;
}

/** Issued cards are owned by the shop (the admin's list is the shop's records). */
export const SHOP_OWNER = 'shop';

export const GIFT_CARD_MODEL = defineModel({
  name: 'gift card',
  table: 'gift_cards',
  collection: 'giftCards',
  key: { field: 'code', column: 'code' },
  owner: { column: 'owner', docField: 'owner' },
  jsonColumn: 'data',
  // The shop's cards listed by owner, newest first.
  indexes: [{ name: 'gift_cards_by_owner', columns: ['owner', 'created_at'] }],
  fields: {
    balanceCents: field.cents({ column: 'balance_cents', check: 'balance_cents >= 0' }),
    initialCents: field.cents({ column: 'initial_cents' }),
    expiresAt: field.timestamp({ column: 'expires_at', nullable: true }),
    createdAt: field.timestamp({ column: 'created_at' }),
    recipientEmail: field.text({ nullable: true }),
    history: field.json<BalanceEntry[]>(),
  },
});

/** An account's store credit, keyed by the account's id (deleted with the account). */
export const STORE_CREDIT_MODEL = defineModel({
  name: 'store credit',
  table: 'store_credits',
  collection: 'storeCredits',
  key: ACCOUNT_KEY,
  fields: {
    balanceCents: field.cents({ column: 'balance_cents', check: 'balance_cents >= 0' }),
    history: field.json<BalanceEntry[]>({ column: 'history' }),
  },
});

export type GiftCardRecord = ModelRecord<typeof GIFT_CARD_MODEL>;
export type StoreCreditRecord = ModelRecord<typeof STORE_CREDIT_MODEL>;

export const GIFT_CARD_MESSAGES = {
  notFound: 'No gift card has this code: check it against the card (16 letters and digits)',
  expired: (at: string) => `This gift card expired on ${at.slice(0, 10)}`,
  empty: 'This gift card has no balance left',
  noCredit: 'You have no store credit to spend',
  amount: 'A gift card is for $1.00 to $10,000.00',
  expiry: 'A gift card must expire in the future',
} as const;

/** The code's symbols: no 0/O, 1/I (read aloud, typed from a printed card). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 16;

/** A new code from random bytes (one symbol per byte, 32 divides 256: no bias). */
export const codeFromBytes = (bytes: Uint8Array) =>
  Array.from(bytes.slice(0, CODE_LENGTH), (b) => ALPHABET[b % ALPHABET.length]).join('');

/** The code as typed (spaces, dashes, lower case) as stored; '' when it cannot be one. */
export function normalizeCode(typed: string): string {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : '';
}

/** The code as shown: groups of 4 (ABCD-EFGH-JKLM-NPQR). */
export const groupedCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

const MAX_CARD_CENTS = 1_000_000;

/** The owner issues a card: its balance, expiry (future) and recipient; its history starts with the issue. */
export function issueCard(input: {
  code: string;
  amountCents: number;
  expiresAt?: string | null;
  recipientEmail?: string | null;
  now: Date;
}): GiftCardRecord {
  const { code, amountCents, now } = input;
  if (!Number.isInteger(amountCents) || amountCents < 100 || amountCents > MAX_CARD_CENTS)
    throw badInput(GIFT_CARD_MESSAGES.amount);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  if (expiresAt && new Date(expiresAt) <= now) throw badInput(GIFT_CARD_MESSAGES.expiry);
  const at = now.toISOString();
  return {
    code,
    balanceCents: amountCents,
    initialCents: amountCents,
    expiresAt,
    createdAt: at,
    recipientEmail: input.recipientEmail ?? null,
    history: [{ at, kind: 'issued', amountCents, balanceCents: amountCents }],
  };
}

/** An issue must not take a code in use (a 1-in-2^80 draw, refused all the same). */
export const assertCodeFree = (current: GiftCardRecord | null) => {
  if (current) throw conflict('This gift card code is already in use: issue again');
};

export const isExpired = (card: Pick<GiftCardRecord, 'expiresAt'>, now: Date) =>
  !!card.expiresAt && new Date(card.expiresAt) <= now;

type Balance = { balanceCents: number; history: BalanceEntry[] };

/** A balance moved by `amountCents` (signed), recorded; never below 0. */
function moved<R extends Balance>(
  record: R,
  amountCents: number,
  entry: Omit<BalanceEntry, 'amountCents' | 'balanceCents'>,
): R {
  const balanceCents = record.balanceCents + amountCents;
  if (balanceCents < 0) throw conflict(GIFT_CARD_MESSAGES.empty);
  return { ...record, balanceCents, history: [...record.history, { ...entry, amountCents, balanceCents }] };
}

interface Ask {
  dueCents: number;
  now: Date;
  orderId: string;
}

/** What a card pays of an order: its balance up to what is due, never past its expiry, never below 0. Unknown
 *  (404), expired or empty (400): the order is refused. */
export function cardPays(card: GiftCardRecord | null, { dueCents, now, orderId }: Ask) {
  if (!card) throw notFound(GIFT_CARD_MESSAGES.notFound);
  if (isExpired(card, now)) throw badInput(GIFT_CARD_MESSAGES.expired(card.expiresAt!));
  if (card.balanceCents <= 0) throw badInput(GIFT_CARD_MESSAGES.empty);
  const amountCents = tenderShare(dueCents, card.balanceCents);
  return { amountCents, record: moved(card, -amountCents, { at: now.toISOString(), kind: 'order', orderId }) };
}

/** What the account's store credit pays of an order (none: 400). */
export function creditPays(credit: StoreCreditRecord | null, { dueCents, now, orderId }: Ask) {
  if (!credit || credit.balanceCents <= 0) throw badInput(GIFT_CARD_MESSAGES.noCredit);
  const amountCents = tenderShare(dueCents, credit.balanceCents);
  return { amountCents, record: moved(credit, -amountCents, { at: now.toISOString(), kind: 'order', orderId }) };
}

interface Back {
  ref: string;
  amountCents: number;
  now: Date;
  orderId: string;
  why: 'released' | 'refund';
}

/** Money back onto a card (an unpaid order released, or a refund to the card): even past its expiry (the record
 *  keeps it; spending stays refused). A card that is gone cannot take it. */
export function cardBack(card: GiftCardRecord | null, back: Back): GiftCardRecord {
  if (!card) throw notFound(GIFT_CARD_MESSAGES.notFound);
  return moved(card, back.amountCents, { at: back.now.toISOString(), kind: back.why, orderId: back.orderId });
}

/** Money onto the account's store credit (its first credit opens it). */
export function creditBack(credit: StoreCreditRecord | null, back: Back): StoreCreditRecord {
  const current = credit ?? { userId: back.ref, balanceCents: 0, history: [] };
  return moved(current, back.amountCents, { at: back.now.toISOString(), kind: back.why, orderId: back.orderId });
}

// The two ways to pay (modules/tenderHooks.ts lists them; the order use cases run them, orders/tenders.ts), each with
// the place-order body field that asks for it.

/** `giftCardCode`: a card's code (16 letters and digits, dashes and spaces ignored); it pays its balance of the total
 *  in the placing transaction, the rest is the payment provider's. Empty: none. */
const giftCardCodeField = tenderField({
  name: 'giftCardCode',
  schema: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    plainString('Gift card code')
      .trim()
      .max(40, 'Gift card code must be at most 40 characters')
      .regex(/^[A-Za-z0-9 -]+$/, 'Gift card code may contain only letters, digits, spaces and "-"')
      .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
      .optional(),
  ),
  ref: (code) => code || undefined,
});

/** `useStoreCredit`: spend the account's store credit first (signed-in orders only; a guest's order refuses it). */
const useStoreCreditField = tenderField({
  name: 'useStoreCredit',
  schema: z.boolean({ error: 'useStoreCredit must be true or false' }).optional(),
  ref: (use, accountId) => {
    if (!use) return undefined;
    if (!accountId) throw badInput('A guest order cannot use store credit');
    return accountId;
  },
});

export const giftCardTender: TenderHook<typeof GIFT_CARD_MODEL, typeof giftCardCodeField> = {
  kind: 'giftCard',
  model: GIFT_CARD_MODEL,
  owner: SHOP_OWNER,
  field: giftCardCodeField,
  take: cardPays,
  giveBack: cardBack,
};

export const storeCreditTender: TenderHook<typeof STORE_CREDIT_MODEL, typeof useStoreCreditField> = {
  kind: 'storeCredit',
  model: STORE_CREDIT_MODEL,
  credit: true,
  field: useStoreCreditField,
  take: creditPays,
  giveBack: creditBack,
};

/** A card as the shopper's balance check answers it. */
export const cardBalance = (card: GiftCardRecord) => ({
  code: groupedCode(card.code),
  balance: toDollars(card.balanceCents),
  expiresAt: card.expiresAt,
});

/** A card as the admin's list answers it (dollars, the history with it). */
export const cardForAdmin = (card: GiftCardRecord) => ({
  ...cardBalance(card),
  initial: toDollars(card.initialCents),
  recipientEmail: card.recipientEmail,
  createdAt: card.createdAt,
  history: card.history.map((h) => ({
    at: h.at,
    kind: h.kind,
    ...(h.orderId ? { orderId: h.orderId } : {}),
    amount: toDollars(h.amountCents),
    balance: toDollars(h.balanceCents),
  })),
});

/** The recipient's mail data (mail/templates GiftCard.tsx). */
export const giftCardMail = (card: GiftCardRecord) => ({
  code: groupedCode(card.code),
  amount: formatPrice(toDollars(card.initialCents)),
  expiresAt: card.expiresAt,
});

// The calls' bodies and answers (api/endpoints.ts rows; the OpenAPI document and the web client follow).
const dollars = z.number();
const cents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** POST /api/gift-cards (admin). */
export const giftCardIssueSchema = z.strictObject({
  amount: z
    .number({ error: 'Amount must be a number' })
    .min(1, GIFT_CARD_MESSAGES.amount)
    .max(MAX_CARD_CENTS / 100, GIFT_CARD_MESSAGES.amount)
    .refine(cents, 'Amount must have at most 2 decimals'),
  expiresAt: z.iso.datetime({ error: 'expiresAt must be a date and time (ISO 8601)' }).nullable().optional(),
  recipientEmail: emailSchema.nullable().optional(),
});

export const giftCardIssuedOutput = z.strictObject({ code: z.string(), balance: dollars });
export const giftCardBalanceOutput = z.strictObject({
  code: z.string(),
  balance: dollars,
  expiresAt: z.string().nullable(),
});
export const giftCardAdminOutput = z.strictObject({
  code: z.string(),
  balance: dollars,
  expiresAt: z.string().nullable(),
  initial: dollars,
  recipientEmail: z.string().nullable(),
  createdAt: z.string(),
  history: z.array(
    z.strictObject({
      at: z.string(),
      kind: z.enum(['issued', 'order', 'released', 'refund']),
      orderId: z.string().optional(),
      amount: dollars,
      balance: dollars,
    }),
  ),
});
export const storeCreditOutput = z.strictObject({ balance: dollars });

export type GiftCardIssued = z.infer<typeof giftCardIssuedOutput>;
export type GiftCardBalance = z.infer<typeof giftCardBalanceOutput>;
export type GiftCardAdmin = z.infer<typeof giftCardAdminOutput>;
export type StoreCredit = z.infer<typeof storeCreditOutput>;
