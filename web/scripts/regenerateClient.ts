// Vite plugin (dev server): the web's generated client (web/src/lib/endpoints.gen.ts and endpoints/*.gen.ts, a build
// product: scripts/web-endpoints.mjs) written again while `npm run dev` runs, when the server's sources change (the
// endpoint table, a schema it uses), as `predev` wrote it at the start. The script itself decides whether anything
// changed (its stamp) and rewrites only files whose text changes, so an edit elsewhere costs a hash, and one that
// changes an endpoint reaches the page as any edit does (Vite's reload of the changed module).
import { spawn } from 'node:child_process';
import { join, sep } from 'node:path';
import type { Plugin } from 'vite';

/** Waits this long after a change, so a save of several files (a formatter, a branch switch) runs it once. */
const SETTLE_MS = 300;

/** Runs the script; calls `done` when it has finished. */
export type RunScript = (done: () => void) => void;

const runWebEndpoints =
  (repoRoot: string): RunScript =>
  (done) =>
    spawn(process.execPath, [join(repoRoot, 'scripts', 'web-endpoints.mjs')], { stdio: 'inherit' }).on('close', () =>
      done(),
    );

/** Whether a changed file is one of the server's sources the client may be made from (tests are not). */
export const isServerSource = (file: string, repoRoot: string) =>
  file.startsWith(join(repoRoot, 'functions', 'src') + sep) && /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);

export function regenerateClient(repoRoot: string, run: RunScript = runWebEndpoints(repoRoot)): Plugin {
  return {
    name: 'voltshop-regenerate-client',
    apply: 'serve',
    configureServer(server) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let running = false;
      let again = false;
      // One run at a time; a change during a run asks for one more after it.
      const start = () => {
        if (running) {
          again = true;
          return;
        }
        running = true;
        run(() => {
          running = false;
          if (again) {
            again = false;
            start();
          }
        });
      };
      const changed = (file: string) => {
        if (!isServerSource(file, repoRoot)) return;
        clearTimeout(timer);
        timer = setTimeout(start, SETTLE_MS);
      };
      server.watcher.add(join(repoRoot, 'functions', 'src'));
      for (const event of ['change', 'add', 'unlink'] as const) server.watcher.on(event, changed);
    },
  };
}
