// Types of chromium.mjs for the TypeScript suites and the bench that import it.
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: readonly string[];
