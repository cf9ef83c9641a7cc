import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isServerSource, regenerateClient } from './regenerateClient';

const root = join('/', 'repo');
const source = (path: string) => join(root, path);

/** The plugin on a stand-in dev server: its watcher, the paths it was asked to watch and the runs it started. */
function devServer() {
  const watcher = Object.assign(new EventEmitter(), {
    added: [] as string[],
    add: (p: string) => watcher.added.push(p),
  });
  const runs: (() => void)[] = [];
  const plugin = regenerateClient(root, (done) => runs.push(done));
  (plugin.configureServer as (server: unknown) => void)({ watcher });
  return { watcher, runs };
}

describe('regenerateClient: the generated client kept current while `npm run dev` runs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs the script once a burst of changes to the server's sources has settled", () => {
    const { watcher, runs } = devServer();
    expect(watcher.added).toEqual([source('functions/src')]);
    watcher.emit('change', source('functions/src/api/endpoints.ts'));
    watcher.emit('add', source('functions/src/modules/giftCards/routes.ts'));
    vi.advanceTimersByTime(299);
    expect(runs).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(runs).toHaveLength(1);
  });

  it('never for the web, tests or other files', () => {
    const { watcher, runs } = devServer();
    for (const file of [
      source('web/src/App.tsx'),
      source('functions/src/api/endpoints.test.ts'),
      source('functions/src/data/products.json'),
      source('functions/lib/api/endpoints.js'),
    ])
      watcher.emit('change', file);
    vi.advanceTimersByTime(1000);
    expect(runs).toHaveLength(0);
    expect(isServerSource(source('functions/src/domain/tenders.ts'), root)).toBe(true);
  });

  it('runs one at a time: a change during a run asks for one more run after it, not two at once', () => {
    const { watcher, runs } = devServer();
    watcher.emit('change', source('functions/src/api/endpoints.ts'));
    vi.advanceTimersByTime(300);
    watcher.emit('change', source('functions/src/api/outputs.ts'));
    vi.advanceTimersByTime(300);
    watcher.emit('unlink', source('functions/src/api/old.ts'));
    vi.advanceTimersByTime(300);
    expect(runs).toHaveLength(1);
    runs[0]!();
    expect(runs).toHaveLength(2);
    runs[1]!();
    expect(runs).toHaveLength(2);
  });
});
