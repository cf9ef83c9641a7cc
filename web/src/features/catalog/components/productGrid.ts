/** The catalogue grid: two compact cards per row on phones, up to four on wide screens (cards and skeletons alike). */
export const PRODUCT_GRID_CLASS =
  'row row-cols-2 row-cols-md-3 row-cols-lg-4 g-2 g-sm-3 g-lg-4 list-unstyled product-grid';
