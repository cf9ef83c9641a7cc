// Types of net.mjs for the TypeScript suites and the bench that import it.
export function freePort(): Promise<number>;
