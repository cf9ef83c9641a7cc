// Issue 41: the shopper's compare list (the tray), kept in the browser so it persists while browsing and across tabs.
// Loaded only with the compare toggles, the tray and the compare page (lazy chunks): the home page's first bundle
// carries none of it.
import { MAX_COMPARED } from '@domain/specCompare';
import { useSyncExternalStore } from 'react';
import { readJSON, writeJSON } from '@/lib/storage';

/** What the tray shows of a product without asking the API. */
export interface ComparedProduct {
  _id: string;
  name: string;
  image: string;
}

export interface CompareState {
  products: readonly ComparedProduct[];
  /** Why the last toggle did nothing (the list was full); cleared by the next change. */
  notice: string;
}

export const COMPARE_KEY = 'compareProducts';
export const COMPARE_FULL_MESSAGE = `You can compare up to ${MAX_COMPARED} products. Remove one to add another.`;

const isCompared = (value: unknown): value is ComparedProduct =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as ComparedProduct)._id === 'string' &&
  typeof (value as ComparedProduct).name === 'string' &&
  typeof (value as ComparedProduct).image === 'string';

/** The stored list; anything else there (an older shape, garbage) reads as none, and never more than the limit. */
function stored(): ComparedProduct[] {
  const value = readJSON<unknown[]>(COMPARE_KEY, [], Array.isArray);
  return value.filter(isCompared).slice(0, MAX_COMPARED);
}

let state: CompareState = { products: stored(), notice: '' };
const listeners = new Set<() => void>();

function set(next: CompareState, save = true) {
  state = next;
  if (save) writeJSON(COMPARE_KEY, next.products);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab changed the list: follow it.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key === COMPARE_KEY || event.key === null) set({ products: stored(), notice: '' }, false);
  });

export const compareState = () => state;

/** Adds the product, or takes it out when it is in; at the limit nothing is added and `notice` says why. */
export function toggleCompare(product: ComparedProduct): void {
  const { products } = state;
  if (products.some((p) => p._id === product._id)) removeCompared(product._id);
  else if (products.length >= MAX_COMPARED) set({ products, notice: COMPARE_FULL_MESSAGE }, false);
  else set({ products: [...products, { _id: product._id, name: product.name, image: product.image }], notice: '' });
}

export function removeCompared(id: string): void {
  set({ products: state.products.filter((p) => p._id !== id), notice: '' });
}

export function clearCompared(): void {
  set({ products: [], notice: '' });
}

export const useCompareState = () => useSyncExternalStore(subscribe, compareState, compareState);
