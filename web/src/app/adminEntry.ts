// The admin app's one door from the storefront's first bundle (router.tsx, patchRoutesOnNavigation): the first bundle's
// preload map lists this tiny chunk alone, and this chunk lists the admin's own chunks, so the shop's home page does not
// carry the names of the admin's dozens of chunks (its budget is in bytes). Staff pay one small extra round trip once.
export const loadAdminRoutes = () => import('@/features/admin/routes');
