// Every route path of the shop, defined once (spec section 2). Links and the router both use these.
export const paths = {
  home: '/',
  page: (n: number | string) => `/page/${n}`,
  search: (keyword: string, page?: number) =>
    page && page > 1 ? `/search/${encodeURIComponent(keyword)}/page/${page}` : `/search/${encodeURIComponent(keyword)}`,
  product: (id: string) => `/product/${id}`,
  cart: (id?: string, qty?: number) => (id ? `/cart/${id}${qty ? `?qty=${qty}` : ''}` : '/cart'),
  login: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  register: (redirect?: string) => (redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'),
  profile: '/profile',
  shipping: '/shipping',
  payment: '/payment',
  placeOrder: '/placeorder',
  order: (id: string) => `/order/${id}`,
  about: '/about',
  contact: '/contact',
  admin: {
    dashboard: '/admin',
    users: '/admin/userlist',
    userEdit: (id: string) => `/admin/user/${id}/edit`,
    products: (page?: number) => (page && page > 1 ? `/admin/productlist/${page}` : '/admin/productlist'),
    productEdit: (id: string) => `/admin/product/${id}/edit`,
    orders: '/admin/orderlist',
  },
} as const;
