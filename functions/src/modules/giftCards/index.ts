// The gift cards module (issue 39's proof): the field tables and decisions (giftCards.ts), the store over the
// generic ModelStore, the routes, and two tender hooks the order use cases run in the order's transaction
// (orders/tenders.ts): a gift card pays part or all of an order and takes refunds to it; store credit takes refunds
// of any of an order's money and pays the account's orders.
import { defineModule } from '../module.js';
import type { TenderHook } from '../../orders/tenders.js';
import {
  cardBack,
  cardPays,
  creditBack,
  creditPays,
  GIFT_CARD_MODEL,
  SHOP_OWNER,
  STORE_CREDIT_MODEL,
} from './giftCards.js';
import { giftCardRoutes } from './routes.js';
import { giftCardStore } from './store.js';

export type { GiftCardStore } from './store.js';

const giftCardTender: TenderHook<typeof GIFT_CARD_MODEL> = {
  kind: 'giftCard',
  model: GIFT_CARD_MODEL,
  owner: SHOP_OWNER,
  take: cardPays,
  giveBack: cardBack,
};

const storeCreditTender: TenderHook<typeof STORE_CREDIT_MODEL> = {
  kind: 'storeCredit',
  model: STORE_CREDIT_MODEL,
  credit: true,
  take: creditPays,
  giveBack: creditBack,
};

export const giftCardsModule = defineModule({
  name: 'giftCards',
  models: [GIFT_CARD_MODEL, STORE_CREDIT_MODEL],
  // An account's store credit goes with it (its issued cards are bearer codes, the shop's).
  ownedByAccount: [STORE_CREDIT_MODEL],
  store: (models, { transaction }) => giftCardStore(models(GIFT_CARD_MODEL), models(STORE_CREDIT_MODEL), transaction),
  routes: { mountPath: '/gift-cards', router: giftCardRoutes },
  tenders: [giftCardTender as TenderHook, storeCreditTender as TenderHook],
});
