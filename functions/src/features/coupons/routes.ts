import { type RequestHandler } from 'express';
import {
  badInput,
  couponCheckSchema,
  couponCodeSchema,
  couponSchema,
  decideDiscount,
  resolveCouponCategories,
  notFound,
  checkLines,
  toDollars,
  COUPON_MESSAGES,
  type CouponCheck,
  type CouponInput,
} from '../../domain/index.js';
import { optionalUser, requireAdmin } from '../../http/auth.js';
import { markRefusedCheck } from '../../http/rateLimits.js';
import { parse } from '../../http/validate.js';
import type { Ports } from '../../ports.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';

/** The admin's discount codes (POST/GET/PUT/DELETE /api/coupons, domain/discounts.ts), and a shopper's check of a
 *  code against the cart (POST /api/coupons/check, signed in or a guest): the same decision the placing transaction
 *  makes, as a preview (the order's place decides again, on the uses as they are then). `checkLimiters` bound the
 *  checks per address and refused ones per account too, with orders' refused codes (http/rateLimits.ts
 *  couponLimiters: guessing codes). */
export function couponRoutes(
  { store, auth, clock }: Ports,
  { checkLimiters = [] }: { checkLimiters?: RequestHandler[] } = {},
) {
  const router = endpointRouter('/api/coupons');
  const admin = requireAdmin(auth);
  const codeParam = (code: unknown) => parse(couponCodeSchema, code);

  // The caller first: a signed-in shopper's refused checks count per account too.
  handle(router, endpoints.couponCheck, optionalUser(auth), ...checkLimiters, async (req, res) => {
    const input = parse(couponCheckSchema, req.body);
    // A guest's check says nothing of anyone's uses: the per-customer limit is applied when the order is placed
    // (by the guest's email key, domain/guests.ts), and a signed-in shopper's own uses count here already.
    const uid = req.caller?.uid;
    const shopper = uid ? await store.users.get(uid) : null;
    const [coupon, customerUses, products] = await Promise.all([
      store.coupons.get(input.code),
      shopper ? store.coupons.customerUses(input.code, shopper) : 0,
      Promise.all(input.items.map((i) => store.products.get(i.product))),
    ]);
    // Priced as placing prices them (domain/linePricing.ts): each line at its variant's price.
    const lines = checkLines(
      products.filter((p) => p !== null),
      input.items,
    );
    const decision = decideDiscount(coupon, lines, customerUses, clock.now());
    const answer: CouponCheck = decision.ok
      ? { code: input.code, ok: true, discountPrice: toDollars(decision.discountCents), message: null }
      : { code: input.code, ok: false, discountPrice: 0, message: decision.message };
    // A refusal counts against the address's refused checks (the limiter reads it when the answer is sent).
    if (!decision.ok) markRefusedCheck(res);
    res.json(answer);
  });

  /** Issue 40: the scope as saved names what exists: the categories as the managed list spells them (matched case
   *  and spacing aside), the products by ids the catalogue holds (400 naming the first unknown one). */
  async function withKnownScope(input: CouponInput): Promise<CouponInput> {
    if (!input.scope) return input;
    const { categories = [], products = [] } = input.scope;
    const [list, found] = await Promise.all([
      categories.length ? store.categories.list() : null,
      Promise.all([...new Set(products)].map((id) => store.products.get(id, { reviews: false }))),
    ]);
    const missing = [...new Set(products)].find((_, i) => !found[i]);
    if (missing) throw badInput(`Product not found: ${missing}`, { 'scope.products': 'Pick products from the list' });
    return {
      ...input,
      scope: {
        categories: list ? resolveCouponCategories(list.entries, categories) : [],
        products: [...new Set(products)],
      },
    };
  }

  handle(router, endpoints.couponList, admin, async (_req, res) => {
    res.json(await store.coupons.list());
  });

  handle(router, endpoints.couponCreate, admin, async (req, res) => {
    res.status(201).json(await store.coupons.create(await withKnownScope(parse(couponSchema, req.body))));
  });

  handle(router, endpoints.couponGet, admin, async (req, res) => {
    const coupon = await store.coupons.get(codeParam(req.params.code));
    if (!coupon) throw notFound(COUPON_MESSAGES.notFound);
    res.json(coupon);
  });

  // The path names the code; the body's code must match it (a code is not renamed: make a new one).
  handle(router, endpoints.couponUpdate, admin, async (req, res) => {
    const code = codeParam(req.params.code);
    const input = parse(couponSchema, { ...req.body, code: req.body?.code ?? code });
    if (input.code !== code) throw badInput('A code cannot be renamed: create a new code instead');
    res.json(await store.coupons.update(await withKnownScope(input)));
  });

  handle(router, endpoints.couponDelete, admin, async (req, res) => {
    await store.coupons.remove(codeParam(req.params.code));
    res.json({ message: 'Discount code removed' });
  });

  return router;
}
