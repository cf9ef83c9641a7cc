// Bootstrap's stylesheet is 240 KB, most of it rules no page of the shop uses. In production builds PurgeCSS keeps the
// rules whose class names appear in the app's sources or in react-bootstrap's components; the shop's own CSS
// (src/index.css and co.) is left as written. Class names built at run time (`btn-${variant}`, `col-md-${span}`, a
// component's `show`/`fade` states…) never appear whole in any source, so their families are kept by pattern below:
// when a new component or variant shows unstyled in the production build only, its family belongs here.
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import type { Plugin } from 'postcss';
import { fileURLToPath } from 'node:url';

const at = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Where class names are written out whole: the app's markup and sources. */
export const BOOTSTRAP_CONTENT = [at('../index.html'), at('../src/**/*.{ts,tsx}')];

/** Classes react-bootstrap's components (the ones the shop imports) add from their props or toggle in transitions:
 *  `btn-${variant}`, `col-md-${span}`, Offcanvas' `showing`, Carousel's `carousel-item-next`… */
export const BOOTSTRAP_SAFELIST = {
  standard: [
    /^btn-(outline-)?(primary|secondary|success|danger|warning|info|light|dark|link)$/,
    /^(btn|form-control|form-select)-(sm|lg)$/,
    /^alert(-(primary|secondary|success|danger|warning|info|light|dark|dismissible|heading|link))?$/,
    /^(bg|text-bg)-(primary|secondary|success|danger|warning|info|light|dark)$/,
    /^list-group(-item(-action)?|-flush|-numbered)?$/,
    /^table(-(striped|hover|bordered|borderless|sm|responsive|active))?$/,
    /^card(-(body|title|subtitle|text|img|img-top|header|footer|link))?$/,
    // Offcanvas, and its responsive form (`offcanvas-lg`: the admin's sidebar, a menu below lg) built from a prop.
    /^offcanvas(-(start|end|top|bottom|header|title|body|backdrop|sm|md|lg|xl|xxl))?$/,
    // Modal (the refund dialog): react-bootstrap builds `modal-dialog-centered`, `modal-open`… from props and state.
    /^modal(-(dialog|dialog-centered|dialog-scrollable|content|header|title|body|footer|backdrop|open|static|sm|lg|xl))?$/,
    /^progress(-bar(-striped|-animated)?|-stacked)?$/,
    /^carousel/,
    /^(col|offset|order)(-(sm|md|lg|xl|xxl))?(-([0-9]+|auto|first|last))?$/,
    /^form-(control|label|check|select|text|group)/,
    /^(row|container|container-fluid|slide|fade|show|showing|hiding|active|disabled|visually-hidden|btn-close)$/,
    /^(is-valid|is-invalid|was-validated|invalid-feedback|valid-feedback|pointer-event)$/,
  ],
  // Attributes react-bootstrap sets at run time: the carousel's indicator buttons are styled by `[data-bs-target]`.
  greedy: [/data-bs-target/],
};

export function purgeBootstrap(): Plugin {
  const purge = purgeCSSPlugin({
    content: BOOTSTRAP_CONTENT,
    safelist: BOOTSTRAP_SAFELIST,
    keyframes: true,
    fontFace: false,
    variables: false,
  }) as Plugin & { OnceExit: NonNullable<Plugin['OnceExit']> };
  return {
    postcssPlugin: 'voltshop-purge-bootstrap',
    OnceExit(root, helpers) {
      // Only Bootstrap's own file: the shop's stylesheets are small and every rule in them is meant.
      if (!/[\\/]node_modules[\\/]bootstrap[\\/]/.test(root.source?.input.file ?? '')) return;
      return purge.OnceExit(root, helpers);
    },
  };
}
