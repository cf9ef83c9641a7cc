import { Router } from 'express';
import {
  badInput,
  couponCheckSchema,
  couponCodeSchema,
  couponSchema,
  decideDiscount,
  notFound,
  toCents,
  toDollars,
  COUPON_MESSAGES,
  type CouponCheck,
} from '../../domain/index.js';
import { callerOf, requireAdmin, requireUser } from '../../http/auth.js';
import { parse } from '../../http/validate.js';
import type { Ports } from '../../ports.js';

/** The admin's discount codes (POST/GET/PUT/DELETE /api/coupons, domain/discounts.ts), and a shopper's check of a
 *  code against the cart (POST /api/coupons/check, signed in): the same decision the placing transaction makes,
 *  as a preview (the order's place decides again, on the uses as they are then). */
export function couponRoutes({ store, auth, clock }: Ports) {
  const router = Router();
  const admin = requireAdmin(auth);
  const signedIn = requireUser(auth);
  const codeParam = (code: unknown) => parse(couponCodeSchema, code);

  router.post('/check', signedIn, async (req, res) => {
    const input = parse(couponCheckSchema, req.body);
    const uid = callerOf(req).uid;
    const [coupon, customerUses, products] = await Promise.all([
      store.coupons.get(input.code),
      store.coupons.customerUses(input.code, uid),
      Promise.all(input.items.map((i) => store.products.get(i.product))),
    ]);
    const lines = input.items.map((item, index) => {
      const product = products[index];
      if (!product) throw notFound(`Product not found: ${item.product}`);
      return { product: item.product, category: product.category, priceCents: toCents(product.price), qty: item.qty };
    });
    const decision = decideDiscount(coupon, lines, customerUses, clock.now());
    const answer: CouponCheck = decision.ok
      ? { code: input.code, ok: true, discountPrice: toDollars(decision.discountCents), message: null }
      : { code: input.code, ok: false, discountPrice: 0, message: decision.message };
    res.json(answer);
  });

  router.get('/', admin, async (_req, res) => {
    res.json(await store.coupons.list());
  });

  router.post('/', admin, async (req, res) => {
    res.status(201).json(await store.coupons.create(parse(couponSchema, req.body)));
  });

  router.get('/:code', admin, async (req, res) => {
    const coupon = await store.coupons.get(codeParam(req.params.code));
    if (!coupon) throw notFound(COUPON_MESSAGES.notFound);
    res.json(coupon);
  });

  // The path names the code; the body's code must match it (a code is not renamed: make a new one).
  router.put('/:code', admin, async (req, res) => {
    const code = codeParam(req.params.code);
    const input = parse(couponSchema, { ...req.body, code: req.body?.code ?? code });
    if (input.code !== code) throw badInput('A code cannot be renamed: create a new code instead');
    res.json(await store.coupons.update(input));
  });

  router.delete('/:code', admin, async (req, res) => {
    await store.coupons.remove(codeParam(req.params.code));
    res.json({ message: 'Discount code removed' });
  });

  return router;
}
