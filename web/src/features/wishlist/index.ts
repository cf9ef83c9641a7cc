// The wishlist's public entry (issue 41): the heart other features mount. Everything else loads lazily from it.
export { Heart } from './lazyHeart';
