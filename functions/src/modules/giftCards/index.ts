// The gift cards module (issue 39's proof): the field tables, decisions and two tender hooks (giftCards.ts: a gift
// card pays part or all of an order and takes refunds to it; store credit takes refunds of any of an order's money
// and pays the account's orders; listed in modules/tenderHooks.ts), the store over the generic ModelStore, the
// routes, the recipient's mail (mail.tsx).
import { defineModule } from '../module.js';
import { GIFT_CARD_MODEL, STORE_CREDIT_MODEL } from './giftCards.js';
import { giftCardMails } from './mail.js';
import { giftCardRoutes } from './routes.js';
import { giftCardStore } from './store.js';

export type { GiftCardStore } from './store.js';

export const giftCardsModule = defineModule({
  name: 'giftCards',
  models: [GIFT_CARD_MODEL, STORE_CREDIT_MODEL],
  // An account's store credit goes with it (its issued cards are bearer codes, the shop's).
  ownedByAccount: [STORE_CREDIT_MODEL],
  store: (models, { transaction }) => giftCardStore(models(GIFT_CARD_MODEL), models(STORE_CREDIT_MODEL), transaction),
  routes: { mountPath: '/gift-cards', router: giftCardRoutes },
  mails: giftCardMails,
});
