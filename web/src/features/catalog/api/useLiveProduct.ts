// The product page's live stock, price, rating and reviews, on either backend (lib/live: SSE on the embedded
// server, the product document and its newest reviews in Firestore).
export { useLiveProduct } from '@/lib/live/hooks';
