export declare function chunkCycles(m: Record<string, { imports?: string[] }>): string[][];
