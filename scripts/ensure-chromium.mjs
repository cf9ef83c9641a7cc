#!/usr/bin/env node
// Makes sure the system Chromium the end-to-end tests drive exists (Debian's `chromium` package at /usr/bin/chromium).
// Never downloads a browser through Playwright. As root it installs the package; otherwise it explains how, in one line.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { CHROMIUM_PATH as CHROMIUM } from './chromium.mjs';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Chromium is missing at ${CHROMIUM}: install it with \`sudo apt-get update && sudo apt-get install -y chromium\` (Debian/Ubuntu), then re-run the tests.`,
  );
  process.exit(1);
}

console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium package...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
  const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (run.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed (exit ${run.status ?? run.signal}).`);
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} still does not exist.`);
  process.exit(1);
}
console.log(`Chromium installed at ${CHROMIUM}.`);
