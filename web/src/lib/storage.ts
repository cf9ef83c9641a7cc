// Browser storage helpers: JSON values under the spec's keys (cartItems, userInfo, shippingAddress, paymentMethod).
// Storage can be full, disabled or hold garbage written by an older version: never let that crash the shop.

export function readJSON<T>(key: string, fallback: T, isValid: (value: unknown) => boolean = () => true): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeJSON(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or quota exceeded: the state still lives in memory for this visit.
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // ignore
  }
}
