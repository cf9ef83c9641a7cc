// The product page's live stock, price, rating and reviews, on either backend (lib/live).
export { useLiveProduct } from '@/lib/live/hooks';
