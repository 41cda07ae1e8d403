import type { Storage } from "@baton/core";
import type { TrialResult } from "./in-process-trial.mjs";

/** How long things take in a trial. */
export interface TrialProfile {
  readonly maxToolMs: number;
  readonly storageWaitMs: readonly [number, number];
  readonly claimLeaseMs: readonly [number, number];
  readonly runs: readonly [number, number];
  readonly settleBoundMs: number;
  readonly plan?: Record<string, unknown>;
}

/** `ci`: short tools and waits, so that hundreds of trials fit in the suite; `bench`: tools of up to a few hundred ms. */
export declare const PROFILES: Readonly<{ ci: TrialProfile; bench: TrialProfile }>;

/** What a trial gets from the suite (or the bench) that runs it. */
export interface TrialContext {
  /** A temporary folder for the trial's files (removed by whoever made it). */
  readonly dir: string;
  readonly profile: TrialProfile;
  /** The storages crash trials may draw (`redis`, `sqlite`). */
  readonly crashStorages?: readonly ("redis" | "sqlite")[];
  /** Called with the raw storage of an in-process storage trial (to watch it while debugging). */
  readonly inspectStorage?: (storage: Storage) => void;
  /** Called before a PostgreSQL trial drops its schema (to look at its rows while debugging). */
  readonly beforeCleanup?: (result: TrialResult, where: { readonly schema: string; readonly storage: Storage }) => Promise<void> | void;
}

/** The trial of each fault kind. */
export declare const TRIALS: Readonly<Record<string, (seed: number, context: TrialContext) => Promise<TrialResult>>>;

/** Runs the trial of `seed` (its kind from its last digit). */
export declare function runTrial(seed: number, context: TrialContext): Promise<TrialResult>;
