// Issue 40: the product form's "Works with" (AccessoriesField, mounted in ProductForm): picked by name, kept in the
// form's `accessories` as ids, the product itself never offered.
import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { AccessoriesField } from './AccessoriesField';
import type { ProductFormValues } from './ProductForm';

const listed = (_id: string, name: string) => ({ _id, name, brand: 'Volt', category: 'Cameras', price: 20 });

/** The field in a form as ProductForm holds it; Save hands the values to `onSave`. */
function Harness({ onSave }: { onSave: (values: ProductFormValues) => void }) {
  const { control, handleSubmit } = useForm<ProductFormValues>({
    defaultValues: { accessories: ['p-strap'] } as ProductFormValues,
  });
  return (
    <form onSubmit={handleSubmit(onSave)}>
      <AccessoriesField control={control} productId="p-camera" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('AccessoriesField (issue 40)', () => {
  beforeEach(() => setUserInfo({ _id: 'a1', name: 'Ada', email: 'admin@voltshop.test', isAdmin: true, token: 't' }));
  afterEach(() => signOut());

  it('shows the saved accessories by name, adds one by name (never the product itself), keeps ids', async () => {
    mockFetch({
      'GET /api/products/p-strap': () => ({ body: { ...listed('p-strap', 'Camera Strap'), reviews: [] } }),
      'GET /api/products': () => ({
        body: { products: [listed('p-camera', 'Volt Camera'), listed('p-card', 'Camera SD Card')], page: 1, pages: 1 },
      }),
    });
    const onSave = vi.fn();
    const { user } = renderAt(<Harness onSave={onSave} />);
    expect(await screen.findByRole('button', { name: 'Remove Camera Strap' })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Works with (accessories)' }), 'camera');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Camera SD Card')]);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Camera SD Card' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => onSave.mock.calls.length).toBe(1);
    expect(onSave.mock.calls[0]![0]).toEqual({ accessories: ['p-strap', 'p-card'] });
  });
});
