// Everything the web app does with the Firebase SDK, loaded on demand by the Firebase build's client (client.tsx).
export { firebase, FirebaseConfigError, initFirebase, resolveFirebaseConfig } from './app';
export { appCheckHeaders } from './appCheck';
export { askLowestPriceSetting } from './lowestPrice';
export {
  checkPasswordResetCode,
  finishEmailVerification,
  finishPasswordReset,
  sendPasswordReset,
  sendVerificationEmail,
} from './accountLinks';
export { currentToken, deleteNewAccount, signIn, signOutEverywhere, signUp, watchIdToken } from './auth';
export { saveCart, watchCart, type CartLine } from './cart';
export {
  fetchCatalogPage,
  fetchProductAlone,
  fetchProductDetail,
  fetchTopProducts,
  watchCatalogPage,
  watchProduct,
  watchProductDetail,
  watchReviews,
  watchTopProducts,
  type CatalogPageAnswer,
  type CatalogPageRequest,
  type LiveProductFields,
} from './catalog';
export { watchNewestOrders, watchOrder, watchOrderStatus } from './orders';
export { uploadProductImage } from './storage';
export { watchWishlist } from './wishlist';
