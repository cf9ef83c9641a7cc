// What the app imports as 'react-router-dom' (the alias in web/scripts/aliases.ts and tsconfig.json):
// react-router-dom's own exports (react-router's, with the DOM RouterProvider), its Link and NavLink replaced by the
// shop's (links.tsx: the same data-mode behaviour without framework mode's prefetching), and ScrollRestoration
// (scrollRestoration.tsx).
export * from 'react-router';
export { HydratedRouter, RouterProvider } from 'react-router/dom';
export { Link, NavLink, type LinkProps, type NavLinkProps } from './links';
// The restored scroll position kept until the page is tall enough for it (Preact commits before suspended parts).
export { ScrollRestoration } from './scrollRestoration';
