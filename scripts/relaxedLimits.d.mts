// Types of relaxedLimits.mjs for the TypeScript tests.
export const RELAXED_LIMITS: Readonly<Record<string, string>>;
