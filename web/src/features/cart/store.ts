// The cart (spec 3 and 4): items, shipping address and payment method, each saved under its own storage key
// and restored at start. Adding a product that is already in the cart replaces its line.
// Domain modules by path, not the '@domain' index: the cart is in the first bundle, and the index would bring
// zod's schemas there (created before zod's JIT is turned off, breaking the CSP; see lib/zodSetup.ts).
import type { Product, ShippingAddress } from '@domain';
import { cartItemCount, cartLineId, lineStockProblem } from '@domain/cartLine';
import { readJSON, removeKey, writeJSON } from '@/lib/storage';
import { createStore, useStore } from '@/lib/store';

export const CART_ITEMS_KEY = 'cartItems';
export const SHIPPING_ADDRESS_KEY = 'shippingAddress';
export const PAYMENT_METHOD_KEY = 'paymentMethod';
export const DEFAULT_PAYMENT_METHOD = 'PayPal';

export interface CartItem {
  product: string;
  /** The product's readable address (issue 40); absent on a line saved before, which links the id. */
  slug?: string;
  name: string;
  image: string;
  price: number;
  countInStock: number;
  qty: number;
  /** The variant (issue 29) and its label ("Black / 256 GB"); absent for a product without variants. */
  variant?: string;
  variantLabel?: string;
}

export interface CartState {
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: string;
}

const isCartItem = (v: unknown): v is CartItem => {
  const i = v as Partial<CartItem> | null;
  return (
    !!i &&
    typeof i.product === 'string' &&
    typeof i.name === 'string' &&
    typeof i.price === 'number' &&
    typeof i.qty === 'number'
  );
};
const isAddress = (v: unknown) => {
  const a = v as Partial<ShippingAddress> | null;
  return (
    !!a &&
    typeof a === 'object' &&
    ['address', 'city', 'postalCode', 'country'].every((k) => typeof (a as Record<string, unknown>)[k] === 'string')
  );
};

export function loadCartState(): CartState {
  const items = readJSON<unknown[]>(CART_ITEMS_KEY, [], Array.isArray);
  return {
    cartItems: items.filter(isCartItem),
    shippingAddress: readJSON<ShippingAddress | null>(SHIPPING_ADDRESS_KEY, null, isAddress),
    paymentMethod: readJSON<string>(
      PAYMENT_METHOD_KEY,
      DEFAULT_PAYMENT_METHOD,
      (v) => typeof v === 'string' && v !== '',
    ),
  };
}

export const cartStore = createStore<CartState>(loadCartState());

export function setItems(update: (items: CartItem[]) => CartItem[]) {
  cartStore.set((s) => {
    const cartItems = update(s.cartItems);
    writeJSON(CART_ITEMS_KEY, cartItems);
    return { ...s, cartItems };
  });
}

/** Quantity kept within 1..countInStock (spec 5). */
export function clampQty(qty: number, countInStock: number): number {
  const max = Math.max(1, countInStock);
  return Math.min(max, Math.max(1, Math.floor(Number.isFinite(qty) ? qty : 1)));
}

/** Adds or replaces a product's line; a product with nothing in stock is refused (returns false), so it never
 *  enters the cart (e.g. from /cart/<id>?qty=1). */
export type FreshProduct = Pick<
  Product,
  '_id' | 'slug' | 'name' | 'image' | 'price' | 'countInStock' | 'options' | 'variants'
>;

/** The cart line of `product` at `qty` (a product with variants: variantLine.ts variantLineOf). */
export const lineOf = (product: FreshProduct, qty: number): CartItem => ({
  product: product._id,
  slug: product.slug,
  name: product.name,
  image: product.image,
  price: product.price,
  countInStock: product.countInStock,
  qty,
});

/** The quantity of an Add to Cart link (`/cart/:id?qty=n`): 1 when absent or not a number. */
export const linkQty = (search: URLSearchParams) => Number(search.get('qty') ?? 1) || 1;

/** `items` with `item`'s line added or replaced (its quantity kept within the stock); null for a product out of stock. */
export function withLine(items: readonly CartItem[], item: CartItem): CartItem[] | null {
  if (lineStockProblem({ qty: 1, countInStock: item.countInStock }) === 'out_of_stock') return null;
  const line = { ...item, qty: clampQty(item.qty, item.countInStock) };
  const id = cartLineId(line);
  return items.some((i) => cartLineId(i) === id)
    ? items.map((i) => (cartLineId(i) === id ? line : i))
    : [...items, line];
}

export function addToCart(item: CartItem): boolean {
  if (!withLine([], item)) return false;
  setItems((items) => withLine(items, item)!);
  return true;
}

/** Removes a line by its cartLineId (the product id for a product without variants). */
export function removeFromCart(lineId: string): void {
  setItems((items) => items.filter((i) => cartLineId(i) !== lineId));
}

export function clearCartItems(): void {
  setItems(() => []);
}

export function saveShippingAddress(address: ShippingAddress): void {
  writeJSON(SHIPPING_ADDRESS_KEY, address);
  cartStore.set((s) => ({ ...s, shippingAddress: address }));
}

export function savePaymentMethod(method: string): void {
  writeJSON(PAYMENT_METHOD_KEY, method);
  cartStore.set((s) => ({ ...s, paymentMethod: method }));
}

/** Forgets everything (used by tests). */
export function resetCart(): void {
  [CART_ITEMS_KEY, SHIPPING_ADDRESS_KEY, PAYMENT_METHOD_KEY].forEach(removeKey);
  cartStore.set(loadCartState());
}

export const cartCount = (items: readonly CartItem[]) => cartItemCount(items);

export const useCart = () => useStore(cartStore);
export const useCartItems = () => useStore(cartStore, (s) => s.cartItems);
