// The gift cards' calls (issue 39): the owner issues (POST /api/gift-cards, the recipient's mail recorded with the card)
// and lists them with their history; anyone checks a card's balance by its code (GET /api/gift-cards/:code, rate
// limited as discount-code checks are: a refused code counts against the guessing budget); a customer reads their
// store credit (GET /api/gift-cards/credit). Spending is the order's (giftCardCode, useStoreCredit).
import { callerOf, requireAdmin, requireUser } from '../../http/auth.js';
import { couponLimiters, DEFAULT_COUPON_CHECK_LIMIT, markRefusedCheck } from '../../http/rateLimits.js';
import { parse } from '../../http/validate.js';
import { notFound } from '../../domain/errors.js';
import { toDollars } from '../../domain/money.js';
import type { Ports } from '../../ports.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';
import {
  cardBalance,
  cardForAdmin,
  giftCardIssueSchema,
  GIFT_CARD_MESSAGES,
  groupedCode,
  normalizeCode,
} from './giftCards.js';

export function giftCardRoutes({ auth, clock, store }: Ports) {
  const router = endpointRouter('/api/gift-cards');
  // Its own budget (the app's coupon budget is made after the modules' routes): 80-bit codes, the bound is for load.
  const checkLimiters = couponLimiters(DEFAULT_COUPON_CHECK_LIMIT).check;

  handle(router, endpoints.storeCreditGet, requireUser(auth), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const credit = await store.giftCards.credit(callerOf(req).uid);
    res.json({ balance: toDollars(credit?.balanceCents ?? 0) });
  });

  handle(router, endpoints.giftCardList, requireAdmin(auth), async (_req, res) => {
    res.json((await store.giftCards.list()).map(cardForAdmin));
  });

  handle(router, endpoints.giftCardIssue, requireAdmin(auth), async (req, res) => {
    const input = parse(giftCardIssueSchema, req.body);
    const card = await store.giftCards.issue(
      {
        amountCents: Math.round(input.amount * 100),
        expiresAt: input.expiresAt ?? null,
        recipientEmail: input.recipientEmail ?? null,
      },
      clock.now(),
    );
    res.status(201).json({ code: groupedCode(card.code), balance: toDollars(card.balanceCents) });
  });

  handle(router, endpoints.giftCardCheck, ...checkLimiters, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const card = await store.giftCards.get(normalizeCode(String(req.params.code ?? '')));
    if (!card) {
      markRefusedCheck(res);
      throw notFound(GIFT_CARD_MESSAGES.notFound);
    }
    res.json(cardBalance(card));
  });

  return router;
}
