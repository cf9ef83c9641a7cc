export declare const BUDGET: { js: number; css: number };
