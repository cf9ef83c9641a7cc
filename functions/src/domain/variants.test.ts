import { describe, expect, it } from 'vitest';
import { DEFAULT_HOLD_LIMITS } from './limits.js';
import { placeOrder, type StockedProduct } from './orderDecisions.js';
import { productUpdateSchema } from './schemas.js';
import {
  ownStockOnVariantSave,
  editedStock,
  planVariantSave,
  stockKey,
  variantLabel,
  variantProblems,
  withVariants,
  type PlannedVariant,
  type StoredVariant,
} from './variants.js';
import type { Product } from './types.js';
import { galleryForVariant } from './productMedia.js';

const options = [
  { name: 'Colour', values: ['Black', 'Blue'] },
  { name: 'Storage', values: ['256 GB', '512 GB'] },
];
const v = (sku: string, colour: string, storage: string) => ({ sku, options: { Colour: colour, Storage: storage } });

describe('variantProblems', () => {
  it('accepts combinations of the options’ values, not necessarily all', () => {
    expect(variantProblems(options, [v('A', 'Black', '256 GB'), v('B', 'Blue', '512 GB')])).toEqual([]);
  });

  it('names each broken rule', () => {
    const messages = (o: typeof options, vs: { sku: string; options: Record<string, string> }[]) =>
      variantProblems(o, vs).map((p) => p.message);
    expect(messages([...options, { name: 'a', values: ['x'] }, { name: 'b', values: ['y'] }], [])).toContain(
      'A product has at most 3 options',
    );
    expect(messages([options[0]!, { name: 'colour', values: ['x'] }], [v('A', 'Black', 'x')])).toContain(
      'Option "colour" is listed twice',
    );
    expect(messages([{ name: 'Colour', values: ['Black', 'black'] }], [])).toContain(
      'Option "Colour" lists the value "black" twice',
    );
    expect(messages(options, [v('A', 'Black', '256 GB'), v('B', 'Black', '256 GB')])).toContain(
      'The combination Black / 256 GB is listed twice',
    );
    expect(messages(options, [v('A', 'Black', '256 GB'), v('a', 'Blue', '256 GB')])).toContain('SKU a is listed twice');
    expect(messages(options, [v('A', 'Red', '256 GB')])).toContain(
      'Variant A: "Red" is not a value of option "Colour"',
    );
    expect(messages(options, [{ sku: 'A', options: { Colour: 'Black' } }])).toContain(
      'Variant A has no value for option "Storage"',
    );
    expect(messages(options, [])).toContain('A product with options needs at least one variant');
    expect(messages([], [v('A', 'Black', '256 GB')])).toContain(
      'Variants need options: add an option (e.g. Colour) first',
    );
  });
});

describe('the admin’s input schema', () => {
  const base = { name: 'P', price: 1, image: '/i.svg', brand: 'b', category: 'c', description: 'd', countInStock: 1 };
  it('refuses more than 3 options, negative stock and negative prices with clear messages', () => {
    const four = productUpdateSchema.safeParse({
      ...base,
      options: ['a', 'b', 'c', 'd'].map((name) => ({ name, values: ['x'] })),
    });
    expect(four.error?.issues.map((i) => i.message)).toContain('A product has at most 3 options');
    const negative = productUpdateSchema.safeParse({
      ...base,
      options: [options[0]],
      variants: [{ sku: 'A', options: { Colour: 'Black' }, price: -1, countInStock: -2 }],
    });
    expect(negative.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['Price cannot be negative', 'Count in stock cannot be negative']),
    );
  });
});

describe('planVariantSave', () => {
  const stored: StoredVariant[] = [
    {
      _id: 'v1',
      sku: 'A',
      options: { Colour: 'Black' },
      priceCents: 1000,
      compareAtCents: null,
      countInStock: 3,
      image: null,
    },
    {
      _id: 'v2',
      sku: 'B',
      options: { Colour: 'Blue' },
      priceCents: 1200,
      compareAtCents: 1500,
      countInStock: 4,
      image: null,
    },
  ];
  const colour = [{ name: 'Colour', values: ['Black', 'Blue', 'Green'] }];
  let n = 0;
  const newId = () => `new${++n}`;

  it('keeps ids, applies the admin’s stock change to the stock now, adds new rows and lists removed ones', () => {
    const plan = planVariantSave(
      { options: colour, variants: stored },
      {
        options: colour,
        variants: [
          { _id: 'v1', sku: 'A', options: { Colour: 'Black' }, price: 9, countInStock: 10 },
          { sku: 'C', options: { Colour: 'Green' }, price: 11, compareAtPrice: 13, countInStock: 2 },
        ],
        price: 0,
        countInStock: 0,
      },
      // The form loaded v1 at 5 (2 sold since): +5 on the 3 left.
      { variants: { v1: 5 } },
      newId,
      [],
    );
    expect(
      plan.variants.map((x) => [x._id, x.sku, x.priceCents, x.compareAtCents, x.countInStock, x.stockBefore]),
    ).toEqual([
      ['v1', 'A', 900, null, 8, 3],
      ['new1', 'C', 1100, 1300, 2, null],
    ]);
    expect(plan.removed).toEqual([{ _id: 'v2', countInStock: 4 }]);
  });

  it('without options and variants (the original clients) sets only the default variant’s price and stock', () => {
    const plan = planVariantSave(
      { options: colour, variants: stored },
      { price: 7, countInStock: 1 },
      undefined,
      newId,
      [],
    );
    expect(plan.variants.map((x) => [x._id, x.priceCents, x.countInStock])).toEqual([
      ['v1', 700, 1],
      ['v2', 1200, 4],
    ]);
    expect(plan.removed).toEqual([]);
  });

  it('refuses an id that is not one of the product’s variants', () => {
    expect(() =>
      planVariantSave(
        { options: colour, variants: stored },
        {
          options: colour,
          variants: [{ _id: 'elsewhere', sku: 'A', options: { Colour: 'Black' }, price: 1, countInStock: 1 }],
          price: 0,
          countInStock: 0,
        },
        undefined,
        newId,
        [],
      ),
    ).toThrow('Variant elsewhere is not a variant of this product');
  });

  it('takes a variant image only from the gallery after the save, and names the variant when it is not', () => {
    const gallery = ['/images/phone.webp', '/uploads/phone-blue.webp'];
    const input = (image: string | null) => ({
      options: colour,
      variants: [{ _id: 'v1', sku: 'A', options: { Colour: 'Black' }, price: 1, countInStock: 1, image }],
      price: 0,
      countInStock: 0,
    });
    const saved = planVariantSave(
      { options: colour, variants: stored },
      input('/uploads/phone-blue.webp'),
      undefined,
      newId,
      gallery,
    );
    expect(saved.variants[0]!.image).toBe('/uploads/phone-blue.webp');
    expect(
      planVariantSave({ options: colour, variants: stored }, input(null), undefined, newId, gallery).variants[0]!.image,
    ).toBeNull();
    // Another product's upload, an outside URL, or a gallery picture with a changed case: refused.
    for (const image of ['/uploads/other-product.webp', 'https://evil.example/x.webp', '/images/PHONE.webp'])
      expect(() =>
        planVariantSave({ options: colour, variants: stored }, input(image), undefined, newId, gallery),
      ).toThrow("The image of variant A is not one of the product's gallery images");
  });

  it('an original client’s save (no variants) keeps variant images still in the gallery and lets go of the others', () => {
    const withImages = stored.map((v, i) => ({
      ...v,
      image: i === 0 ? '/images/old-main.webp' : '/uploads/blue.webp',
    }));
    const plan = planVariantSave(
      { options: colour, variants: withImages },
      { price: 7, countInStock: 1 },
      undefined,
      newId,
      ['/images/new-main.webp', '/uploads/blue.webp'],
    );
    expect(plan.variants.map((v) => v.image)).toEqual([null, '/uploads/blue.webp']);
  });

  it('never takes the stock below zero nor past the limit', () => {
    expect(editedStock(1, 0, 5)).toBe(0);
    expect(editedStock(999_999, 1_000_000, 0)).toBe(1_000_000);
    expect(editedStock(4, 9, undefined)).toBe(9);
  });
});

describe('answers and keys', () => {
  it('labels a variant in the order of the options, and keys its stock apart from its product’s', () => {
    expect(variantLabel(options, v('A', 'Blue', '512 GB'))).toBe('Blue / 512 GB');
    expect(stockKey('p1')).toBe('p1');
    expect(stockKey('p1', 'v1')).not.toBe(stockKey('p1'));
  });

  it('answers the default variant’s price, stock and compare-at as the product’s', () => {
    const product = { _id: 'p', price: 1, countInStock: 99 } as Product;
    const answered = withVariants(
      product,
      [{ name: 'Colour', values: ['Black'] }],
      [
        {
          _id: 'v1',
          sku: 'A',
          options: { Colour: 'Black' },
          priceCents: 1999,
          compareAtCents: 2499,
          countInStock: 2,
          image: null,
        },
      ],
    );
    expect([answered.price, answered.countInStock, answered.compareAtPrice]).toEqual([19.99, 2, 24.99]);
    expect(withVariants(product, [], [])).toMatchObject({ options: [], variants: [], price: 1, countInStock: 99 });
  });
});

describe('placeOrder with variants', () => {
  const phone: StockedProduct = {
    name: 'Phone',
    image: '/p.svg',
    priceCents: 1000,
    countInStock: 2,
    defaultVariant: 'v1',
    variants: new Map([
      ['v1', { sku: 'A', label: 'Black', priceCents: 1000, countInStock: 2 }],
      ['v2', { sku: 'B', label: 'Blue', priceCents: 1500, countInStock: 1, image: '/blue.svg' }],
    ]),
  };
  const request = (lines: { product: string; qty: number; variant?: string }[]) => ({
    user: { _id: 'u', name: 'U', email: 'u@example.com' },
    lines,
    shippingAddress: { address: 'a', city: 'c', postalCode: '1', country: 'USA' },
    paymentMethod: 'PayPal',
    now: new Date('2026-03-01T10:00:00Z'),
    expiresAt: new Date('2026-03-01T10:30:00Z'),
    holdLimits: DEFAULT_HOLD_LIMITS,
  });
  const products = new Map([['p', phone]]);

  it('prices and takes each variant’s own stock; a line without a variant is the default', () => {
    const placed = placeOrder(
      request([
        { product: 'p', qty: 1 },
        { product: 'p', variant: 'v2', qty: 1 },
      ]),
      products,
      [],
    );
    expect(placed.record.orderItems.map((l) => [l.variant, l.variantLabel, l.sku, l.priceCents, l.image])).toEqual([
      ['v1', 'Black', 'A', 1000, '/p.svg'],
      ['v2', 'Blue', 'B', 1500, '/blue.svg'],
    ]);
    expect(placed.stock).toEqual([
      { product: 'p', variant: 'v1', countInStock: 1 },
      { product: 'p', variant: 'v2', countInStock: 0 },
    ]);
    expect(placed.record.itemsCents).toBe(2500);
  });

  it('counts lines of one variant together and names the variant when short', () => {
    expect(() =>
      placeOrder(
        request([
          { product: 'p', qty: 1 },
          { product: 'p', variant: 'v1', qty: 2 },
        ]),
        products,
        [],
      ),
    ).toThrow(/Phone \(Black\)/);
  });

  it('refuses an unknown variant and a variant for a product without variants (400)', () => {
    expect(() => placeOrder(request([{ product: 'p', variant: 'zzz', qty: 1 }]), products, [])).toThrow(
      'Variant zzz is not a variant of Phone',
    );
    const plain = new Map([['q', { name: 'Cable', image: '/c.svg', priceCents: 100, countInStock: 5 }]]);
    expect(() => placeOrder(request([{ product: 'q', variant: 'v1', qty: 1 }]), plain, [])).toThrow(
      'Cable has no variants',
    );
  });
});

describe('galleryForVariant (the product page shows the chosen variant’s image first)', () => {
  const gallery = [
    { url: '/a.webp', alt: 'front' },
    { url: '/b.webp', alt: 'blue' },
    { url: '/c.webp', alt: 'back' },
  ];
  it('moves the variant’s picture first and keeps the others in order', () => {
    expect(galleryForVariant(gallery, '/b.webp').map((p) => p.url)).toEqual(['/b.webp', '/a.webp', '/c.webp']);
    expect(galleryForVariant(gallery, '/b.webp')[0]!.alt).toBe('blue');
  });
  it('without an image, or with the first one, the gallery as it is', () => {
    expect(galleryForVariant(gallery, undefined)).toEqual(gallery);
    expect(galleryForVariant(gallery, '/a.webp')).toEqual(gallery);
  });
  it('an image outside the gallery (saved before the rule) goes in front', () => {
    expect(galleryForVariant(gallery, '/old.webp').map((p) => p.url)).toEqual([
      '/old.webp',
      '/a.webp',
      '/b.webp',
      '/c.webp',
    ]);
  });
});

describe('ownStockOnVariantSave (issue 38: stock when a product gains or loses variants, for both stores)', () => {
  const variant = (countInStock: number) => ({ countInStock }) as PlannedVariant;
  it("taking variants: the product's own stock leaves, its stock figure is the default variant's", () => {
    expect(ownStockOnVariantSave({ variants: [variant(4), variant(9)] }, false, 7, 3)).toEqual({
      change: { before: 7, after: 0 },
      countInStock: 4,
    });
    expect(ownStockOnVariantSave({ variants: [variant(4)] }, false, 0, 3)).toEqual({ change: null, countInStock: 4 });
  });
  it("keeping variants: the product's own stock does not move", () => {
    expect(ownStockOnVariantSave({ variants: [variant(2)] }, true, 0, 3)).toEqual({ change: null, countInStock: 2 });
  });
  it("dropping every variant: the product's own stock starts again from 0 at the form's stock", () => {
    expect(ownStockOnVariantSave({ variants: [] }, true, 0, 5)).toEqual({
      change: { before: 0, after: 5 },
      countInStock: 5,
    });
    expect(ownStockOnVariantSave({ variants: [] }, true, 0, 0)).toEqual({ change: null, countInStock: 0 });
  });
});
