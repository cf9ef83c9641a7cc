import type { ProductDetail, UserInfo } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { mockFetch, renderRoutes, LocationProbe } from '@/testing/render';
import { DEFAULT_SETTINGS, type ShopSettings } from '@domain/settings';
import { productFirstPaintHtml } from '@domain/firstPaint';
import { productPageGallery } from '@domain/productMedia';
import { ProductPage } from './ProductPage';

const product: ProductDetail = {
  _id: 'p1',
  slug: 'lumen-aura-smartwatch',
  name: 'Lumen Aura Smartwatch',
  image: '/images/lumen-aura-smartwatch.svg',
  brand: 'Lumen',
  category: 'Wearables',
  description: 'A smartwatch.',
  price: 249.99,
  countInStock: 2,
  specs: [
    { name: 'Display', value: '1.4" AMOLED' },
    { name: 'Battery', value: 'Up to 7 days' },
  ],
  images: [
    { url: '/images/lumen-aura-smartwatch.svg', alt: 'The watch from the front' },
    { url: '/images/lumen-aura-smartwatch-side.svg', alt: '' },
  ],
  accessories: [],
  rating: 4.33,
  numReviews: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  reviews: [
    {
      _id: 'r1',
      user: 'u-alice',
      name: 'Alice',
      rating: 5,
      comment: 'Great',
      createdAt: '2026-01-02T00:00:00.000Z',
      verified: true,
    },
    {
      _id: 'r2',
      user: 'u-bob',
      name: 'Bob',
      rating: 4,
      comment: 'Good',
      createdAt: '2026-01-03T00:00:00.000Z',
      verified: false,
    },
    {
      _id: 'r3',
      user: 'u-cy',
      name: 'Cy',
      rating: 4,
      comment: 'Fine',
      createdAt: '2026-01-04T00:00:00.000Z',
      verified: false,
    },
  ],
};

/** The product's answer by its id and by its slug: opened by the id, the page moves to the slug (issue 40). */
const byIdAndSlug = <T,>(answer: () => T) => ({
  'GET /api/products/p1': answer,
  [`GET /api/products/${product.slug}`]: answer,
});

const shopper = (id: string): UserInfo => ({
  _id: id,
  name: 'Shopper',
  email: 's@example.com',
  isAdmin: false,
  token: 't',
});

function open(detail: ProductDetail = product, settings?: ShopSettings) {
  mockFetch({
    'GET /api/products/p1': () => ({ body: detail }),
    // Opened by its id, the page moves to the slug's address (issue 40), which may be asked for again.
    [`GET /api/products/${detail.slug}`]: () => ({ body: detail }),
    ...(settings && { 'GET /api/settings/public': () => ({ body: settings }) }),
  });
  return renderRoutes(
    [
      { path: '/product/:id', element: <ProductPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { at: '/product/p1' },
  );
}

afterEach(() => sessionStore.set(null));

describe('ProductPage addresses (issue 40)', () => {
  const openAt = (at: string, key: string) => {
    let asked = 0;
    mockFetch({
      [`GET /api/products/${key}`]: () => {
        asked++;
        return { body: product };
      },
      'GET /api/products/lumen-aura-smartwatch': () => ({ body: product }),
    });
    const rendered = renderRoutes([{ path: '/product/:id', element: <ProductPage /> }], { at });
    return { ...rendered, asked: () => asked };
  };

  it.each([
    ['its id', '/product/p1?variant=v1#reviews', 'p1'],
    ['an old slug', '/product/lumen-aura-watch?variant=v1#reviews', 'lumen-aura-watch'],
  ])('opened by %s, replaces the address with the current slug, keeping the variant and anchor', async (_, at, key) => {
    const { router, asked } = openAt(at, key);
    await screen.findByRole('heading', { level: 1, name: 'Lumen Aura Smartwatch' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/lumen-aura-smartwatch'));
    expect(router.state.location.search).toBe('?variant=v1');
    expect(router.state.location.hash).toBe('#reviews');
    // Replaced, not pushed: Back leaves the product instead of bouncing to the old address.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(asked()).toBe(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Lumen Aura Smartwatch' })).toBeInTheDocument();
  });

  it('opened at its current slug, stays (nothing replaced)', async () => {
    const { router } = openAt('/product/lumen-aura-smartwatch', 'lumen-aura-smartwatch');
    await screen.findByRole('heading', { level: 1, name: 'Lumen Aura Smartwatch' });
    expect(router.state.location.pathname).toBe('/product/lumen-aura-smartwatch');
    expect(router.state.historyAction).toBe('POP');
  });
});

describe('ProductPage', () => {
  it('shows the specification table, the gallery and the verified-purchase mark (issue 29)', async () => {
    open();
    const specs = await screen.findByRole('table');
    expect(within(specs).getByRole('rowheader', { name: 'Display' })).toBeInTheDocument();
    expect(
      within(specs)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Display1.4" AMOLED', 'BatteryUp to 7 days']);
    // The gallery: the main picture eager, the second lazy; its alt text or the product's name.
    const gallery = screen.getByRole('region', { name: 'Lumen Aura Smartwatch: images' });
    const pictures = within(gallery).getAllByRole('img', { hidden: true });
    expect(pictures.map((img) => [img.getAttribute('alt'), img.getAttribute('loading')])).toEqual([
      ['The watch from the front', 'eager'],
      ['Lumen Aura Smartwatch', 'lazy'],
    ]);
    const reviews = within(screen.getByRole('list', { name: 'Reviews' })).getAllByRole('listitem');
    expect(reviews.map((review) => within(review).queryByText('Verified purchase') !== null)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('a product without specs or a second picture shows neither table nor gallery controls', async () => {
    open({ ...product, specs: [], images: [{ url: product.image, alt: '' }] });
    await screen.findByRole('heading', { level: 1, name: 'Lumen Aura Smartwatch' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Lumen Aura Smartwatch' })).toHaveAttribute('loading', 'eager');
  });

  it('shows a skeleton while loading, then breadcrumbs Home / Category / Product and the price once', async () => {
    open();
    expect(screen.getByRole('status', { name: 'Loading product' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Lumen Aura Smartwatch' });
    expect(screen.queryByRole('status', { name: 'Loading product' })).not.toBeInTheDocument();

    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(crumbs.getByRole('link', { name: 'Wearables' })).toHaveAttribute('href', '/category/Wearables');
    expect(crumbs.getByText('Lumen Aura Smartwatch')).toHaveAttribute('aria-current', 'page');

    expect(screen.getAllByText('$249.99')).toHaveLength(1);
    expect(screen.getByTestId('stock-status')).toHaveTextContent('Only 2 left');
    expect(screen.getByText(/Free delivery on orders over \$100\.00/)).toBeInTheDocument();
    // The promise links to the returns policy.
    expect(screen.getByRole('link', { name: '30-day returns' })).toHaveAttribute('href', '/policies/returns');
  });

  it('summarises the ratings per star from the reviews', async () => {
    open();
    const summary = await screen.findByTestId('rating-summary');
    expect(summary).toHaveTextContent('4.3');
    expect(summary).toHaveTextContent('Based on 3 reviews');
    const rows = within(within(summary).getByRole('list', { name: 'Reviews per number of stars' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((r) => r.textContent)).toEqual(['5 stars1', '4 stars2', '3 stars0', '2 stars0', '1 star0']);
  });

  it('goes to /cart/:id?qty= with the chosen quantity, capped to the stock offered', async () => {
    const { user } = open();
    await screen.findByRole('heading', { level: 1 });
    const qty = screen.getByLabelText('Qty') as HTMLSelectElement;
    expect(Array.from(qty.options).map((o) => o.value)).toEqual(['1', '2']);
    await user.selectOptions(qty, '2');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/cart/p1?qty=2');
  });

  it('caps the quantity at the per-customer limit before the last step, and says why', async () => {
    const limited = { ...DEFAULT_SETTINGS, limits: { ...DEFAULT_SETTINGS.limits, maxUnitsPerProduct: 5 } };
    const { user } = open({ ...product, countInStock: 24 }, limited);
    await screen.findByRole('heading', { level: 1 });
    expect(await screen.findByTestId('qty-limit')).toHaveTextContent('At most 5 per customer');
    const qty = screen.getByLabelText('Qty') as HTMLSelectElement;
    expect(Array.from(qty.options).map((o) => o.value)).toEqual(['1', '2', '3', '4', '5']);
    expect(qty).toHaveAttribute('aria-describedby', 'qty-limit');
    await user.selectOptions(qty, '5');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/cart/p1?qty=5');
  });

  it('says nothing of the limit when the stock is below it', async () => {
    open(product, DEFAULT_SETTINGS);
    await screen.findByRole('heading', { level: 1 });
    await screen.findByLabelText('Qty');
    expect(screen.queryByTestId('qty-limit')).not.toBeInTheDocument();
    expect(screen.getByText(/Free delivery on orders over \$100\.00/)).toBeInTheDocument();
  });

  it("promises free delivery at the owner's threshold", async () => {
    open(product, { ...DEFAULT_SETTINGS, shipping: { ...DEFAULT_SETTINGS.shipping, freeOver: 49 } });
    expect(await screen.findByText(/Free delivery on orders over \$49\.00/)).toBeInTheDocument();
  });

  it('promises no free delivery when the owner made shipping never free', async () => {
    open(product, { ...DEFAULT_SETTINGS, shipping: { ...DEFAULT_SETTINGS.shipping, freeOver: null } });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByText(/Free delivery/)).not.toBeInTheDocument());
  });

  it("refuses Add to Cart and offers no quantity when out of stock ('Out of Stock')", async () => {
    open({ ...product, countInStock: 0 });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByTestId('stock-status')).toHaveTextContent('Out of Stock');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.queryByLabelText('Qty')).not.toBeInTheDocument();
  });

  it('offers "Notify me" on a sold-out item (issue 41), the email prefilled when signed in', async () => {
    sessionStore.set(shopper('u-bob'));
    const calls = mockFetch({
      ...byIdAndSlug(() => ({ body: { ...product, countInStock: 0 } })),
      'POST /api/products/p1/stock-alerts': () => ({
        body: { message: 'We will email you when it is back in stock', status: 'waiting' },
      }),
    });
    renderRoutes([{ path: '/product/:id', element: <ProductPage /> }], { at: `/product/${product.slug}` });
    const email = await screen.findByLabelText(/get an email when it is back/);
    expect(email).toHaveValue(shopper('u-bob').email);
    screen.getByRole('button', { name: 'Notify me' }).click();
    expect(await screen.findByTestId('notify-me-done')).toHaveTextContent('We will email you');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: shopper('u-bob').email });
  });

  it('offers no "Notify me" while the item is in stock', async () => {
    open();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Notify me' })).not.toBeInTheDocument();
  });

  it("replaces the review form with 'You reviewed this product' once the signed-in user has a review", async () => {
    sessionStore.set(shopper('u-bob'));
    open();
    expect(await screen.findByText('You reviewed this product')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a customer review' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Comment')).not.toBeInTheDocument();
  });

  it('offers the review form to a signed-in user who has not reviewed the product', async () => {
    sessionStore.set(shopper('u-dana'));
    open();
    // The form is its own lazily loaded chunk.
    expect(
      await screen.findByRole('form', { name: 'Write a customer review' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('You reviewed this product')).not.toBeInTheDocument();
  });
});

describe("ProductPage's 30-day low (issue 41): the settings decide, in a chunk of its own", () => {
  const onSale: ProductDetail = { ...product, price: 199.99, compareAtPrice: 249.99, lowestPrice30Days: 189.99 };

  it('shows it under the sale price once the settings say so (the rule: SettingsLowestPrice.test.tsx)', async () => {
    open(onSale, { ...DEFAULT_SETTINGS, showLowestPrice30Days: 'on' });
    expect(await screen.findByTestId('lowest-price-30')).toHaveTextContent('Lowest price in the last 30 days: $189.99');
  });

  it('hides it while the settings are unknown (no settings answer)', async () => {
    open(onSale);
    await screen.findByRole('heading', { level: 1, name: product.name });
    expect(screen.getByTestId('compare-at-price')).toBeInTheDocument();
    expect(screen.queryByTestId('lowest-price-30')).not.toBeInTheDocument();
  });
});

describe('ProductPage with options and variants (issue 29)', () => {
  const phone: ProductDetail = {
    ...product,
    name: 'Volt Phone',
    price: 799,
    countInStock: 5,
    reviews: [],
    numReviews: 0,
    options: [
      { name: 'Colour', values: ['Black', 'Blue'] },
      { name: 'Storage', values: ['256 GB', '512 GB'] },
    ],
    variants: [
      { _id: 'v1', sku: 'VP-BLK-256', options: { Colour: 'Black', Storage: '256 GB' }, price: 799, countInStock: 5 },
      {
        _id: 'v2',
        sku: 'VP-BLK-512',
        options: { Colour: 'Black', Storage: '512 GB' },
        price: 899,
        compareAtPrice: 999,
        countInStock: 1,
      },
      { _id: 'v3', sku: 'VP-BLU-256', options: { Colour: 'Blue', Storage: '256 GB' }, price: 799, countInStock: 0 },
    ],
  };
  const openPhone = (at = '/product/p1') => {
    mockFetch(byIdAndSlug(() => ({ body: phone })));
    return renderRoutes(
      [
        { path: '/product/:id', element: <ProductPage /> },
        { path: '*', element: <LocationProbe /> },
      ],
      { at },
    );
  };

  it('offers one radio group per option; price, compare-at and stock follow the choice; Add to Cart takes it', async () => {
    const { user } = openPhone();
    await screen.findByRole('heading', { level: 1, name: 'Volt Phone' });
    const storage = screen.getByRole('group', { name: /Storage/ });
    expect(within(screen.getByRole('group', { name: /Colour/ })).getByRole('radio', { name: 'Black' })).toBeChecked();
    expect(screen.getByTestId('product-price')).toHaveTextContent('$799.00');
    await user.click(within(storage).getByRole('radio', { name: '512 GB' }));
    expect(screen.getByTestId('product-price')).toHaveTextContent('$899.00');
    expect(screen.getByTestId('compare-at-price')).toHaveTextContent('Was $999.00');
    expect(screen.getByTestId('stock-status')).toHaveTextContent('Only 1 left');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/cart/p1?qty=1&variant=v2');
  });

  it('disables a value not offered with the other choices and marks a sold-out combination', async () => {
    openPhone('/product/p1?variant=v3');
    await screen.findByRole('heading', { level: 1, name: 'Volt Phone' });
    // Blue / 256 GB: chosen from the address, sold out.
    expect(within(screen.getByRole('group', { name: /Colour/ })).getByRole('radio', { name: /Blue/ })).toBeChecked();
    expect(screen.getByTestId('stock-status')).toHaveTextContent('Out of Stock');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    // No Blue / 512 GB is offered.
    expect(
      within(screen.getByRole('group', { name: /Storage/ })).getByRole('radio', { name: /512 GB/ }),
    ).toBeDisabled();
    const sold = within(screen.getByRole('group', { name: /Storage/ })).getByRole('radio', { name: /256 GB/ });
    // (jsdom's accessible name joins the label's parts without the space a browser keeps.)
    expect(sold).toHaveAccessibleName(/^256 GB\s*\(sold out\)$/);
  });

  it('a variant with its own image shows that picture first; the default shows the gallery as it is', async () => {
    const gallery = [
      { url: '/images/phone-front.svg', alt: 'Front' },
      { url: '/images/phone-back.svg', alt: 'Back' },
      { url: '/images/phone-blue.svg', alt: 'In blue' },
    ];
    mockFetch(
      byIdAndSlug(() => ({
        body: {
          ...phone,
          image: gallery[0]!.url,
          images: gallery,
          variants: phone.variants!.map((v) => (v._id === 'v3' ? { ...v, image: '/images/phone-blue.svg' } : v)),
        },
      })),
    );
    const { user } = renderRoutes([{ path: '/product/:id', element: <ProductPage /> }], { at: '/product/p1' });
    await screen.findByRole('heading', { level: 1, name: 'Volt Phone' });
    const thumbs = () =>
      within(screen.getByRole('list', { name: 'Choose an image' }))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(thumbs()[0]).toBe('Show image 1 of 3: Front');
    await user.click(within(screen.getByRole('group', { name: /Colour/ })).getByRole('radio', { name: /Blue/ }));
    expect(thumbs()).toEqual(['Show image 1 of 3: In blue', 'Show image 2 of 3: Front', 'Show image 3 of 3: Back']);
    expect(screen.getByTestId('gallery-position')).toHaveTextContent('Image 1 of 3: In blue');
    await user.click(within(screen.getByRole('group', { name: /Colour/ })).getByRole('radio', { name: 'Black' }));
    expect(thumbs()[0]).toBe('Show image 1 of 3: Front');
  });
});

describe("ProductPage in the place of its HTML's first paint (domain/firstPaint.ts)", () => {
  const parse = (html: string) => {
    const box = document.createElement('div');
    box.innerHTML = html;
    return box.firstElementChild!;
  };
  /** The elements from `picture` up to the page, each as its tag and classes: the boxes the picture sits in. */
  const boxes = (picture: Element) => {
    const out: string[] = [];
    for (let e: Element | null = picture; e && !e.matches('.product-page'); e = e.parentElement)
      out.push(`${e.tagName}.${[...e.classList].join('.')}`);
    return out;
  };
  const variants: ProductDetail['variants'] = [
    { _id: 'v1', sku: 'W-1', options: { Colour: 'Black' }, price: 249.99, countInStock: 2 },
    { _id: 'v2', sku: 'W-2', options: { Colour: 'Blue' }, price: 249.99, countInStock: 2, image: '/images/w-blue.svg' },
  ];
  it.each([
    ['a gallery of two', product, null],
    [
      'one uploaded picture (srcset), a name and category with markup',
      {
        ...product,
        name: 'Tom & "Jerry" <Deluxe>',
        category: 'Audio & <Video>',
        image: `/uploads/${'cd'.repeat(16)}.webp`,
        images: [],
      },
      null,
    ],
    [
      "a variant with its own picture, by the address's ?variant=",
      { ...product, options: [{ name: 'Colour', values: ['Black', 'Blue'] }], variants },
      'v2',
    ],
  ])('%s: the same top bar, the same first picture in the same boxes', async (_, detail, variant) => {
    mockFetch({
      'GET /api/products/p1': () => ({ body: detail }),
      [`GET /api/products/${detail.slug}`]: () => ({ body: detail }),
    });
    const at = `/product/${detail.slug}${variant ? `?variant=${variant}` : ''}`;
    const { container } = renderRoutes([{ path: '/product/:id', element: <ProductPage /> }], { at });
    await screen.findByRole('heading', { level: 1, name: detail.name });
    const app = container.querySelector('.product-page')!;
    const server = parse(productFirstPaintHtml(detail, productPageGallery(detail, variant)));
    const [serverBar, appBar] = [server, app].map((page) => page.querySelector('.product-topbar')!);
    expect(serverBar!.isEqualNode(appBar!), serverBar!.outerHTML).toBe(true);
    const [serverPicture, appPicture] = [server, app].map((page) => page.querySelector('.product-image')!);
    expect(serverPicture!.isEqualNode(appPicture!), serverPicture!.outerHTML).toBe(true);
    expect(boxes(serverPicture!)).toEqual(boxes(appPicture!));
    expect(serverPicture!.querySelector('img')!.getAttribute('src')).toBe(
      variant ? '/images/w-blue.svg' : detail.image,
    );
  });
});
