// Summarises a V8 CPU profile (.cpuprofile, from --cpu-prof or bench/checkout.ts's BENCH_PROFILE_DIR): self time
// by module (a package of node_modules, a file of the shop, Node's internals, GC, idle) and the top frames.
// Usage: npx tsx bench/lib/profileSummary.ts <file.cpuprofile> [top=25]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The module a frame belongs to: a package, a shop file, node's own code, or V8's pseudo-frames. */
export function moduleOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const shop = /functions\/lib\/(.+)$/.exec(url);
  if (shop) return `shop:${shop[1]}`;
  return url.replace(/^file:\/\//, '');
}

export function summarise(profile: Profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // Each sample's time is the delta to the next one (µs).
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  }
  const modules = new Map<string, number>();
  const frames = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id)!;
    const mod = moduleOf(callFrame.url, callFrame.functionName);
    modules.set(mod, (modules.get(mod) ?? 0) + us);
    const frame = `${callFrame.functionName || '(anonymous)'} ${mod}:${callFrame.lineNumber + 1}`;
    frames.set(frame, (frames.get(frame) ?? 0) + us);
    total += us;
  }
  const busy = total - (modules.get('(idle)') ?? 0);
  const rank = (m: Map<string, number>) =>
    [...m]
      .filter(([k]) => k !== '(idle)' && !k.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / busy }));
  return { wallMs: total / 1000, busyMs: busy / 1000, modules: rank(modules), frames: rank(frames) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top] = process.argv.slice(2);
  const s = summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(top ?? 25));
  console.log(`profile ${file}: ${s.wallMs.toFixed(0)} ms sampled, ${s.busyMs.toFixed(0)} ms not idle`);
  console.log('\nself time by module:');
  for (const m of s.modules)
    console.log(`  ${m.ms.toFixed(1).padStart(7)} ms ${(m.share * 100).toFixed(1).padStart(5)}%  ${m.name}`);
  console.log('\ntop frames (self):');
  for (const f of s.frames)
    console.log(`  ${f.ms.toFixed(1).padStart(7)} ms ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
}
