// Vite plugin: the first paint's static HTML (src/app/firstPaint/shell.tsx, issue 42) rendered at build time and
// written into index.html as <template id="first-paint">, which the server's pages put in #root
// (functions/src/features/pages/render.ts). Rendered by the app's own components through Vite's module loader (the
// same aliases and environment as the build), so the HTML is what the app's first render makes, not a copy of it.
// A <template> is never shown: where index.html is served as it is (the cart, the admin, Firebase Hosting's other
// routes), nothing changes.
import react from '@vitejs/plugin-react';
import { createServer, type Alias, type Plugin } from 'vite';

/** The first paint's static HTML (src/app/firstPaint/shell.tsx renderFirstPaint, with the app's aliases) and the id
 *  of the template the server looks for (the domain's, which this file cannot import outside the aliases). */
export async function renderFirstPaintHtml(options: {
  root: string;
  alias: Alias[];
  mode: string;
}): Promise<{ html: string; templateId: string }> {
  const server = await createServer({
    configFile: false,
    root: options.root,
    mode: options.mode,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    resolve: { alias: options.alias },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const shell = (await server.ssrLoadModule('/src/app/firstPaint/shell.tsx')) as {
      renderFirstPaint(): string;
      FIRST_PAINT_TEMPLATE_ID: string;
    };
    return { html: shell.renderFirstPaint(), templateId: shell.FIRST_PAINT_TEMPLATE_ID };
  } finally {
    await server.close();
  }
}

export function firstPaint(alias: Alias[]): Plugin {
  let root = '';
  let mode = 'production';
  return {
    name: 'voltshop-first-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
    },
    transformIndexHtml: {
      order: 'post',
      async handler() {
        const { html, templateId } = await renderFirstPaintHtml({ root, alias, mode });
        return [{ tag: 'template', attrs: { id: templateId }, children: html, injectTo: 'body' }];
      },
    },
  };
}
