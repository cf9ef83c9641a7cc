// Zod compiles object parsers with `new Function` unless told not to ("jitless"). The shop's CSP forbids eval,
// so that JIT can never run in the browser, yet zod probes for it (a caught `new Function("")`) when the first
// object schema is created, and Chromium reports the blocked probe as a Content Security Policy issue
// (Lighthouse best practices, "inspector-issues"). Zod keeps its settings on `globalThis.__zod_globalConfig`,
// shared by every copy of zod and read when it loads; setting `jitless` there from the entry, before any lazy
// chunk loads zod, skips the probe and costs a few bytes (importing zod's `config` would pull zod's core into
// the first bundle). The server keeps zod's JIT.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

export function disableZodJit() {
  globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
}
