import type { Product } from '@domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/queryClient';
import { mockFetch } from '@/testing/render';
import { ProductForm } from './ProductForm';

const product: Product = {
  _id: 'p1',
  slug: 'p1-slug',
  name: 'Sample name',
  price: 0,
  image: '/images/sample.svg',
  brand: 'Sample brand',
  category: 'Sample category',
  description: 'Sample description',
  countInStock: 0,
  specs: [],
  images: [{ url: '/images/sample.svg', alt: '' }],
  accessories: [],
  rating: 0,
  numReviews: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

function setup(loaded: Product = product) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProductForm product={loaded} onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  const field = (label: string) => screen.getByLabelText(label, { exact: true });
  async function set(label: string, value: string) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
  const submit = () => user.click(screen.getByRole('button', { name: 'Update' }));
  return { onSubmit, user, field, set, submit };
}

describe('ProductForm', () => {
  // No managed lists unless a test serves them (a test's fetch stub must not leak into the next).
  beforeEach(() => {
    mockFetch({});
  });

  it(
    'offers the managed names; a new one is created by Update itself, a near miss pointed out first',
    { timeout: 15_000 },
    async () => {
      const calls = mockFetch({
        'GET /api/categories': () => ({ body: [{ _id: 'c1', name: 'Audio', slug: 'audio', productCount: 2 }] }),
        'GET /api/brands': () => ({
          body: [{ _id: 'b1', name: 'Sample brand', slug: 'sample-brand', productCount: 1 }],
        }),
        'POST /api/categories': (body) => ({
          status: 201,
          body: { _id: 'c2', slug: 'drones', productCount: 0, ...(body as object) },
        }),
      });
      const { set, field, submit, onSubmit } = setup();
      expect(field('Category')).toHaveAttribute('list', 'managed-categories');
      expect(
        await screen.findByText('“Sample category” is not a category yet: Update creates it.', { exact: false }),
      ).toBeInTheDocument();
      // A managed value (in any case) is not new; no separate "Create" step is offered.
      await set('Category', 'audio');
      expect(screen.queryByTestId('new-category')).not.toBeInTheDocument();
      expect(document.querySelector('#managed-categories option[value="Audio"]')).not.toBeNull();
      expect(screen.queryByTestId('new-brand')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
      // A near miss is pointed out.
      await set('Category', 'Audi');
      expect(screen.getByTestId('new-category')).toHaveTextContent('Did you mean “Audio”?');
      await set('Category', 'Drones');
      expect(screen.getByTestId('new-category')).not.toHaveTextContent('Did you mean');
      await submit();
      await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ name: 'Drones' }]);
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({ category: 'Drones', brand: 'Sample brand' });
    },
  );

  it('a refused new name stops the save with the API’s message', async () => {
    mockFetch({
      'GET /api/categories': () => ({ body: [{ _id: 'c1', name: 'Audio', slug: 'audio', productCount: 2 }] }),
      'GET /api/brands': () => ({ body: [{ _id: 'b1', name: 'Sample brand', slug: 'sample-brand', productCount: 1 }] }),
      'POST /api/categories': () => ({ status: 400, body: { message: 'Name is too long' } }),
    });
    const { set, submit, onSubmit } = setup();
    await screen.findByTestId('new-category');
    await set('Category', 'Drones');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is too long');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('has a label on every control and starts with the product', () => {
    const { field } = setup();
    expect(field('Name')).toHaveValue('Sample name');
    expect(field('Price')).toHaveValue(0);
    expect(field('Image url')).toHaveValue('/images/sample.svg');
    expect(field('Choose an image file')).toHaveAttribute('type', 'file');
    expect(field('Brand')).toHaveValue('Sample brand');
    expect(field('Count In Stock')).toHaveValue(0);
    expect(field('Category')).toHaveValue('Sample category');
    expect(field('Description')).toHaveValue('Sample description');
    expect(screen.getByRole('img', { name: 'Preview of the product image' })).toHaveAttribute(
      'src',
      '/images/sample.svg',
    );
  });

  it('sends price and countInStock as numbers, text trimmed', async () => {
    const { set, submit, onSubmit } = setup();
    await set('Name', '  Volt Lamp ');
    await set('Price', '19.99');
    await set('Count In Stock', '7');
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toEqual({
      name: 'Volt Lamp',
      price: 19.99,
      image: '/images/sample.svg',
      brand: 'Sample brand',
      category: 'Sample category',
      description: 'Sample description',
      countInStock: 7,
      specs: [],
      images: [{ url: '/images/sample.svg', alt: '' }],
      accessories: [],
    });
  });

  it('refuses a negative price with the shared schema message', async () => {
    const { set, submit, onSubmit, field } = setup();
    await set('Price', '-1');
    await submit();
    expect(await screen.findByText('Price cannot be negative')).toBeInTheDocument();
    expect(field('Price')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Price')).toHaveAccessibleDescription('Price cannot be negative');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses more than 2 decimals and an empty price', async () => {
    const { set, submit, onSubmit } = setup();
    await set('Price', '1.001');
    await submit();
    expect(await screen.findByText('Price must have at most 2 decimals')).toBeInTheDocument();
    await set('Price', '');
    await submit();
    expect(await screen.findByText('Price must be a number')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a fractional or negative stock', async () => {
    const { set, submit, onSubmit } = setup();
    await set('Count In Stock', '1.5');
    await submit();
    expect(await screen.findByText('Count in stock must be a whole number')).toBeInTheDocument();
    await set('Count In Stock', '-2');
    await submit();
    expect(await screen.findByText('Count in stock cannot be negative')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('requires name, brand, category, description and image (blank = missing)', async () => {
    const { set, submit, onSubmit } = setup();
    await set('Name', '   ');
    await set('Brand', '');
    await set('Category', '');
    await set('Description', '');
    await set('Image url', '');
    await submit();
    for (const message of [
      'Name is required',
      'Brand is required',
      'Category is required',
      'Description is required',
      'Image is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByRole('img', { name: 'No image preview' })).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses image urls the server would refuse', async () => {
    const { set, submit, onSubmit } = setup();
    await set('Image url', 'javascript:alert(1)');
    await submit();
    expect(await screen.findByText('Image must be a path starting with / or an https URL')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('corrects an error and then submits', async () => {
    const { set, submit, onSubmit } = setup();
    await set('Price', '-5');
    await submit();
    await screen.findByText('Price cannot be negative');
    await set('Price', '5');
    await submit();
    expect(screen.queryByText('Price cannot be negative')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0].price).toBe(5);
  });

  describe('specification rows (issue 29)', () => {
    it('adds, fills, reorders by keyboard and removes rows; sends them in order, trimmed', async () => {
      const { user, submit, onSubmit } = setup();
      const add = screen.getByRole('button', { name: 'Add specification' });
      for (const [name, value] of [
        ['Display', ' 6.1" OLED '],
        ['Battery', '4,000 mAh'],
        ['Colour', 'Red'],
      ]) {
        await user.click(add);
        const n = screen.getAllByRole('listitem', { name: /^Specification \d+$/ }).length;
        await user.type(screen.getByLabelText(`Specification ${n} name`), name!);
        await user.type(screen.getByLabelText(`Specification ${n} value`), value!);
      }
      // Battery first, by keyboard: focus its "up" button and press Enter.
      screen.getByRole('button', { name: 'Move specification 2 up' }).focus();
      await user.keyboard('{Enter}');
      await user.click(screen.getByRole('button', { name: 'Remove specification 3' }));
      expect(screen.getByRole('button', { name: 'Move specification 1 up' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Move specification 2 down' })).toBeDisabled();
      await submit();
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit.mock.calls[0][0].specs).toEqual([
        { name: 'Battery', value: '4,000 mAh' },
        { name: 'Display', value: '6.1" OLED' },
      ]);
    });

    it('refuses a name given twice and an empty value with the schema’s messages, at the row', async () => {
      const { user, submit, onSubmit } = setup();
      const add = screen.getByRole('button', { name: 'Add specification' });
      await user.click(add);
      await user.type(screen.getByLabelText('Specification 1 name'), 'Weight');
      await user.type(screen.getByLabelText('Specification 1 value'), '172 g');
      await user.click(add);
      await user.type(screen.getByLabelText('Specification 2 name'), 'weight');
      await submit();
      expect(await screen.findByText('Specification "weight" appears more than once')).toBeInTheDocument();
      expect(screen.getByLabelText('Specification 2 value')).toHaveAccessibleDescription(
        'Specification value is required',
      );
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });

  describe('gallery (issue 29)', () => {
    const withGallery: Product = {
      ...product,
      image: '/images/front.webp',
      images: [
        { url: '/images/front.webp', alt: 'Front' },
        { url: '/images/back.webp', alt: 'Back' },
        { url: '/images/side.webp', alt: '' },
      ],
    };

    it('shows each picture with its alt text; moving one first makes it the main image', async () => {
      const { user, field, submit, onSubmit } = setup(withGallery);
      expect(field('Main image: alt text')).toHaveValue('Front');
      expect(field('Image 2: alt text')).toHaveValue('Back');
      screen.getByRole('button', { name: 'Move image 2 up' }).focus();
      await user.keyboard('{Enter}');
      expect(field('Image url')).toHaveValue('/images/back.webp');
      await user.type(field('Image 3: alt text'), 'The side, with its buttons');
      await submit();
      expect(onSubmit.mock.calls[0][0]).toMatchObject({
        image: '/images/back.webp',
        images: [
          { url: '/images/back.webp', alt: 'Back' },
          { url: '/images/front.webp', alt: 'Front' },
          { url: '/images/side.webp', alt: 'The side, with its buttons' },
        ],
      });
    });

    it('removing the main picture makes the next one main; a new main url replaces the first picture', async () => {
      const { user, field, set, submit, onSubmit } = setup(withGallery);
      await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
      expect(field('Image url')).toHaveValue('/images/back.webp');
      await set('Image url', '/images/new.webp');
      await submit();
      expect(onSubmit.mock.calls[0][0]).toMatchObject({
        image: '/images/new.webp',
        images: [
          { url: '/images/new.webp', alt: 'Back' },
          { url: '/images/side.webp', alt: '' },
        ],
      });
    });

    it('refuses an alt text over 200 characters at its picture', async () => {
      const { user, field, submit, onSubmit } = setup(withGallery);
      await user.click(field('Image 2: alt text'));
      await user.paste('x'.repeat(201));
      await submit();
      expect(await screen.findByText('Alt text must be at most 200 characters')).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });
});

// The editor is a big form and userEvent types key by key: on a loaded machine these take several seconds.
describe('ProductForm, options and variants (issue 29)', { timeout: 15_000 }, () => {
  function setupWith(start: Product) {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ProductForm product={start} onSubmit={onSubmit} />
      </QueryClientProvider>,
    );
    return { onSubmit, user };
  }

  it('adds an option, generates a row per value, edits them and sends options and variants', async () => {
    const { user, onSubmit } = setupWith({ ...product, name: 'Volt Phone', price: 10 });
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByLabelText('Option 1 name'), 'Colour');
    await user.type(screen.getByLabelText('Option 1 values (comma-separated)'), 'Black, Blue');
    await user.click(screen.getByRole('button', { name: 'Generate variants' }));
    expect(screen.getAllByTestId('variant-row')).toHaveLength(2);
    expect(screen.getByLabelText('SKU of Blue')).toHaveValue('VOLT-PHONE-BLUE');
    await user.clear(screen.getByLabelText('Stock of Blue'));
    await user.type(screen.getByLabelText('Stock of Blue'), '7');
    await user.type(screen.getByLabelText('Compare-at price of Black'), '15');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [values] = onSubmit.mock.calls[0]!;
    expect(values.options).toEqual([{ name: 'Colour', values: ['Black', 'Blue'] }]);
    expect(values.variants).toEqual([
      { sku: 'VOLT-PHONE-BLACK', options: { Colour: 'Black' }, price: 10, compareAtPrice: 15, countInStock: 0 },
      { sku: 'VOLT-PHONE-BLUE', options: { Colour: 'Blue' }, price: 10, countInStock: 7 },
    ]);
  });

  it('keeps variant ids, sends each variant’s loaded stock, and says what is wrong instead of sending', async () => {
    const withVariants: Product = {
      ...product,
      options: [{ name: 'Colour', values: ['Black', 'Blue'] }],
      variants: [
        { _id: 'v1', sku: 'A', options: { Colour: 'Black' }, price: 5, countInStock: 3 },
        { _id: 'v2', sku: 'B', options: { Colour: 'Blue' }, price: 6, countInStock: 4 },
      ],
    };
    const { user, onSubmit } = setupWith(withVariants);
    await user.clear(screen.getByLabelText('SKU of Blue'));
    await user.type(screen.getByLabelText('SKU of Blue'), 'a');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByTestId('variants-error')).toHaveTextContent('SKU a is listed twice');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove variant Blue' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const [values, editedFrom] = onSubmit.mock.calls[0]!;
    expect(values.variants).toEqual([{ _id: 'v1', sku: 'A', options: { Colour: 'Black' }, price: 5, countInStock: 3 }]);
    expect(editedFrom.variants).toEqual({ v1: 3, v2: 4 });
  });

  const threeColours: Product = {
    ...product,
    price: 5,
    countInStock: 3,
    options: [{ name: 'Colour', values: ['Black', 'Blue', 'Red'] }],
    variants: [
      { _id: 'v1', sku: 'A', options: { Colour: 'Black' }, price: 5, countInStock: 3 },
      { _id: 'v2', sku: 'B', options: { Colour: 'Blue' }, price: 6, countInStock: 4 },
      { _id: 'v3', sku: 'C', options: { Colour: 'Red' }, price: 9, countInStock: 0 },
    ],
  };

  it('with variants, the product’s stock and price are said as theirs (no figure of its own to drift), the default’s sent', async () => {
    const { user, onSubmit } = setupWith(threeColours);
    // Issue 40: not the default variant's 3 presented as the product's stock.
    expect(screen.getByTestId('stock-across')).toHaveTextContent('In stock: 7 across 3 variants');
    expect(screen.getByTestId('price-across')).toHaveTextContent('$5.00 to $9.00 across 3 variants');
    expect(screen.queryByLabelText('Count In Stock', { exact: true })).toBeNull();
    expect(screen.queryByLabelText('Price', { exact: true })).toBeNull();
    await user.clear(screen.getByLabelText('Stock of Black'));
    await user.type(screen.getByLabelText('Stock of Black'), '10');
    expect(screen.getByTestId('stock-across')).toHaveTextContent('14 across 3 variants');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const [values] = onSubmit.mock.calls[0]!;
    expect(values).toMatchObject({ price: 5, countInStock: 10 });
    expect(values.variants.map((v: { countInStock: number }) => v.countInStock)).toEqual([10, 4, 0]);
  });

  it('says what is wrong at each cell with the schema’s messages, and sends nothing', async () => {
    const { user, onSubmit } = setupWith(threeColours);
    await user.clear(screen.getByLabelText('Price of Blue'));
    await user.type(screen.getByLabelText('Price of Blue'), '-1');
    await user.clear(screen.getByLabelText('Stock of Red'));
    await user.type(screen.getByLabelText('Stock of Red'), '1.5');
    await user.clear(screen.getByLabelText('SKU of Black'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByLabelText('Price of Blue')).toHaveAccessibleDescription('Price cannot be negative');
    expect(screen.getByLabelText('Stock of Red')).toHaveAccessibleDescription('Count in stock must be a whole number');
    expect(screen.getByLabelText('SKU of Black')).toHaveAccessibleDescription('SKU is required');
    expect(screen.getByLabelText('Price of Black')).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sets the price and the stock of the selected rows at once; a bad value is refused, nothing changed', async () => {
    const { user, onSubmit } = setupWith(threeColours);
    const apply = () => screen.getAllByRole('button', { name: 'Apply' });
    expect(apply()[0]).toBeDisabled(); // nothing selected yet
    await user.click(screen.getByLabelText('Select Black'));
    await user.click(screen.getByLabelText('Select Red'));
    await user.type(screen.getByLabelText('Set stock of the selected'), '-4');
    await user.click(apply()[1]!);
    expect(screen.getByLabelText('Set stock of the selected')).toHaveAccessibleDescription(
      'Count in stock cannot be negative',
    );
    expect(screen.getByLabelText('Stock of Black')).toHaveValue(3);
    await user.clear(screen.getByLabelText('Set stock of the selected'));
    await user.type(screen.getByLabelText('Set stock of the selected'), '12');
    await user.click(apply()[1]!);
    await user.type(screen.getByLabelText('Set price of the selected'), '7.5{Enter}');
    expect(onSubmit).not.toHaveBeenCalled(); // Enter there applies the price, it does not send the form
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      onSubmit.mock.calls[0]![0].variants.map((v: { price: number; countInStock: number }) => [
        v.price,
        v.countInStock,
      ]),
    ).toEqual([
      [7.5, 12],
      [6, 4],
      [7.5, 12],
    ]);
  });

  describe('a variant’s image', () => {
    const gallery = [
      { url: '/images/phone-front.svg', alt: 'Front' },
      { url: '/images/phone-blue.svg', alt: 'In blue' },
    ];
    const phone: Product = {
      ...product,
      image: gallery[0]!.url,
      images: gallery,
      options: [{ name: 'Colour', values: ['Black', 'Blue'] }],
      variants: [
        { _id: 'v1', sku: 'A', options: { Colour: 'Black' }, price: 5, countInStock: 3 },
        {
          _id: 'v2',
          sku: 'B',
          options: { Colour: 'Blue' },
          price: 6,
          countInStock: 4,
          image: '/images/phone-blue.svg',
        },
      ],
    };

    it('offers the product image and each gallery picture, keeps a loaded choice and sends a new one', async () => {
      const { user, onSubmit } = setupWith(phone);
      const black = screen.getByRole('combobox', { name: 'Image of Black' });
      expect(
        within(black)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Product image', 'Image 1 (main): Front', 'Image 2: In blue']);
      expect(black).toHaveValue('');
      expect(screen.getByRole('combobox', { name: 'Image of Blue' })).toHaveValue('/images/phone-blue.svg');
      await user.selectOptions(black, 'Image 1 (main): Front');
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(onSubmit.mock.calls[0]![0].variants).toEqual([
        {
          _id: 'v1',
          sku: 'A',
          options: { Colour: 'Black' },
          price: 5,
          countInStock: 3,
          image: '/images/phone-front.svg',
        },
        {
          _id: 'v2',
          sku: 'B',
          options: { Colour: 'Blue' },
          price: 6,
          countInStock: 4,
          image: '/images/phone-blue.svg',
        },
      ]);
    });

    it('"Product image" sends none (the variant shows the product’s image)', async () => {
      const { user, onSubmit } = setupWith(phone);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Image of Blue' }), 'Product image');
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(onSubmit.mock.calls[0]![0].variants[1]).not.toHaveProperty('image');
    });

    it('a picture removed from the gallery is no choice any more: the form says so instead of sending', async () => {
      const { user, onSubmit } = setupWith(phone);
      await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
      const blue = screen.getByRole('combobox', { name: 'Image of Blue' });
      expect(blue).toHaveValue('/images/phone-blue.svg');
      expect(
        within(blue)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Product image', 'Image 1 (main): Front', 'No longer in the gallery: choose another']);
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(await screen.findByTestId('variants-error')).toHaveTextContent(
        'The image of Blue is no longer in the gallery',
      );
      expect(onSubmit).not.toHaveBeenCalled();
      await user.selectOptions(blue, 'Image 1 (main): Front');
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(onSubmit.mock.calls[0]![0].variants[1].image).toBe('/images/phone-front.svg');
    });

    it('a product with its main image alone offers that one and "Product image"', async () => {
      setupWith({
        ...phone,
        images: [gallery[0]!],
        variants: phone.variants!.map((v) => ({ ...v, image: undefined })),
      });
      const black = screen.getByRole('combobox', { name: 'Image of Black' });
      expect(
        within(black)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Product image', 'Image 1 (main): Front']);
    });
  });
});
