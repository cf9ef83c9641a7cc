// How a contract's cases are registered on one adapter's test bed. Every case runs, except on a test bed that
// names cases it cannot run (the community Firestore emulator: firebase/communityEmulatorGaps.ts).
import { it } from 'vitest';

export interface ContractRun {
  /** Case titles this test bed leaves to another one, each with why. */
  listed?: ReadonlyMap<string, string>;
  /** 'skip' (default): listed cases are registered as skipped, the others run. 'verify-listed': only the listed
   *  cases run, each expected to fail (vitest's it.fails), the others are skipped: proves the list true. */
  mode?: 'skip' | 'verify-listed';
  /** Receives every case title the contract registers, so a list can be checked against the cases. */
  titles?: string[];
}

/** The contract's `it`: registers one case as `run` says. */
export function contractCase(run: ContractRun = {}) {
  return (title: string, fn: () => Promise<void>) => {
    run.titles?.push(title);
    const listed = run.listed?.has(title) ?? false;
    if (run.mode === 'verify-listed') (listed ? it.fails : it.skip)(title, fn);
    else (listed ? it.skip : it)(title, fn);
  };
}
