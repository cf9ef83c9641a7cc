// The shop's <Link> and <NavLink>: react-router's data-mode behaviour (client-side navigation on a plain left click,
// the href of the route, NavLink's active and pending states) without its framework-mode parts: react-router 7's own
// Link always carries those (prefetching the next page's modules with `prefetch`, `discover`, masked URLs: an
// IntersectionObserver hook, the route manifest's prefetch links), which this app (a data router) never runs. With
// react-router's unused components dropped by the build (web/scripts/treeShakeReactRouter.ts), the home page's first
// JavaScript is 3.8 KB gzip lighter (issue 42). The app imports them from 'react-router-dom' as before
// (lib/router/index.ts, aliased in vite.config.ts, vitest.config.ts and tsconfig.json).
import { forwardRef, useContext, type AnchorHTMLAttributes, type CSSProperties, type ReactNode } from 'react';
import {
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_NavigationContext as NavigationContext,
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
  type RelativeRoutingType,
  type To,
} from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-router's own type for history state
  state?: any;
  preventScrollReset?: boolean;
  relative?: RelativeRoutingType;
  viewTransition?: boolean;
  /** A full page load instead of a client-side navigation. */
  reloadDocument?: boolean;
}

/** A URL with a scheme or `//`: another site's (or a full URL of this one), followed by the browser. */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, preventScrollReset, relative, viewTransition, reloadDocument, onClick, target, ...rest },
  ref,
) {
  const { useTransitions } = useContext(NavigationContext);
  const absolute = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const href = useHref(absolute ? '/' : to, { relative });
  const navigateOnClick = useLinkClickHandler<HTMLAnchorElement>(absolute ? '/' : to, {
    replace,
    state,
    target,
    preventScrollReset,
    relative,
    viewTransition,
    useTransitions,
  });
  if (absolute) return <a {...rest} ref={ref} href={to} target={target} onClick={onClick} />;
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !reloadDocument) navigateOnClick(event);
      }}
    />
  );
});

interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
  caseSensitive?: boolean;
  /** Active on its own path only, not on the paths under it. */
  end?: boolean;
}

/** Whether `pathname` is `to` or, unless `end`, a path under it (react-router's rule). */
function matches(pathname: string, to: string, end: boolean) {
  if (pathname === to) return true;
  const slash = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length;
  return !end && pathname.startsWith(to) && pathname.charAt(slash) === '/';
}

/** A Link that knows whether it leads to the current page (`active`, aria-current="page") or to the one loading. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  {
    'aria-current': ariaCurrent = 'page',
    caseSensitive = false,
    className = '',
    end = false,
    style,
    children,
    ...rest
  },
  ref,
) {
  const path = useResolvedPath(rest.to, { relative: rest.relative });
  const location = useLocation();
  const routerState = useContext(DataRouterStateContext);
  const { navigator } = useContext(NavigationContext);
  const fold = (s: string) => (caseSensitive ? s : s.toLowerCase());
  const to = fold(navigator.encodeLocation ? navigator.encodeLocation(path).pathname : path.pathname);
  const next = routerState?.navigation.location?.pathname;
  const props: NavLinkRenderProps = {
    isActive: matches(fold(location.pathname), to, end),
    isPending: next != null && matches(fold(next), to, end),
    // View transitions are not used by the shop; react-router's flag for them stays false.
    isTransitioning: false,
  };
  const classes =
    typeof className === 'function'
      ? className(props)
      : [className, props.isActive && 'active', props.isPending && 'pending'].filter(Boolean).join(' ');
  return (
    <Link
      {...rest}
      ref={ref}
      aria-current={props.isActive ? ariaCurrent : undefined}
      className={classes}
      style={typeof style === 'function' ? style(props) : style}
    >
      {typeof children === 'function' ? children(props) : children}
    </Link>
  );
});
