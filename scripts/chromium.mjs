// The system Chromium every browser run drives (web e2e, the Firebase emulator e2e, the Lighthouse bench): Debian's
// package, never a browser downloaded by a tool. One list of flags, so the suites and the bench run the same browser.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags for a quiet headless run in a container: no sandbox (no user namespaces here), no GPU, no QUIC (the local
 *  servers speak HTTP/1.1), and none of the background traffic (updates, sync) a sandbox without internet would stall on. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
