// Vite plugin: after the build is written, every text file of the output (JS, CSS, HTML, SVG, JSON…) of at
// least 1 KB gets a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to it, kept only when
// smaller. The shop's server (functions/src/http/webApp.ts) sends the best one the browser accepts; Firebase
// Hosting compresses by itself and does not upload these copies (firebase.json `ignore`).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.map',
]);
const MIN_BYTES = 1024;

/** All files under `dir`, skipping dot folders (e.g. `.vite/`, the manifest). */
async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await files(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Writes `.br` and `.gz` next to each compressible file of `dir`; returns how many files were compressed. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number; gzip: number }> {
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  const targets = (await files(dir)).filter((f) => COMPRESSIBLE.has(extname(f)));
  await Promise.all(
    targets.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const data = await readFile(file);
      const [b, g] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: 9 }),
      ]);
      totals.files += 1;
      totals.bytes += data.length;
      if (b.length < data.length) {
        await writeFile(`${file}.br`, b);
        totals.br += b.length;
      }
      if (g.length < data.length) {
        await writeFile(`${file}.gz`, g);
        totals.gzip += g.length;
      }
    }),
  );
  return totals;
}

export function precompress(): Plugin {
  let outDir = '';
  let write = true;
  let logger: Logger | undefined;
  return {
    name: 'voltshop:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      write = config.build.write;
      logger = config.logger;
    },
    async closeBundle() {
      if (!write) return;
      const t = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      logger?.info(`precompressed ${t.files} files: ${kb(t.bytes)} → br ${kb(t.br)}, gzip ${kb(t.gzip)}`);
    },
  };
}
