import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  // precompress: .br and .gz copies of the built text files, served by the shop's server (functions/src/http/webApp.ts).
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: /^@domain$/, replacement: r('../functions/src/domain/index.ts') },
      { find: /^@domain\/(.*)$/, replacement: r('../functions/src/domain/$1') },
      { find: /^@\/(.*)$/, replacement: r('./src/$1') },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
  },
});
