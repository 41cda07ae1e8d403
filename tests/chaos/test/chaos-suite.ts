import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeWithService } from "@baton/testing/services";
import { afterAll, beforeAll, describe, it } from "vitest";
import { killAllChildren } from "../src/child-process.mjs";
import { FAULT_KINDS, kindOfSeed, trialSeeds, type FaultKind } from "../src/seeded-random.mjs";
import { PROFILES, runTrial, type TrialContext } from "../src/trial-kinds.mjs";
import { summariseTrials, violationReport } from "../src/trial-report.mjs";
import type { TrialResult } from "../src/in-process-trial.mjs";

/**
 * The base seed of this run of the suite: `CHAOS_BASE_SEED`, or a new one each run (printed),
 * so every run tries other trials; a failure prints the seed of its trial.
 */
export const BASE_SEED = Number(process.env.CHAOS_BASE_SEED ?? Math.floor(Math.random() * 1_000_000_000));

/** `CHAOS_SEED=<n>`: only the trial of that seed runs (in the suite of its kind). */
const ONLY = process.env.CHAOS_SEED === undefined ? undefined : Number(process.env.CHAOS_SEED);

export interface ChaosSuiteOptions {
  /** Trials of this kind in a run of the suite. */
  readonly trials: number;
  /** Why the suite cannot run here (a missing service), or undefined. */
  readonly unavailable?: string;
  /**
   * Whether the trials run at once (in-process kinds), as many as the suite's
   * `maxConcurrency` (vitest.config.ts: five); otherwise one after the other.
   */
  readonly concurrent?: boolean;
  /** What the kind's trials need besides the folder and profile. */
  readonly context?: Partial<TrialContext>;
}

/**
 * The suite of one fault kind: `trials` seeded trials (one test each, named by its
 * seed), each failing with every violation its checker found and the seed that reruns it.
 * Under `CHAOS_SEED` only that trial runs. Temporary files and child processes are removed after.
 */
export function describeTrials(kind: FaultKind, options: ChaosSuiteOptions): void {
  if (!(kind in FAULT_KINDS)) throw new Error(`Unknown fault kind ${kind}`);
  const seeds = ONLY === undefined ? trialSeeds(kind, options.trials, BASE_SEED) : kindOfSeed(ONLY) === kind ? [ONLY] : [];
  const title = `chaos: ${kind} (${seeds.length} trials, base seed ${BASE_SEED})`;
  const body = (): void => {
    let dir = "";
    const results: TrialResult[] = [];
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), `baton-chaos-${kind}-`));
    });
    afterAll(async () => {
      await killAllChildren();
      if (dir) rmSync(dir, { recursive: true, force: true });
      if (results.length > 0) console.info(`${kind}: ${JSON.stringify(summariseTrials(results))}`);
    });
    const suite = options.concurrent === true ? describe.concurrent : describe;
    suite(kind, () => {
      for (const seed of seeds) {
        it(`${kind} trial, seed ${seed}`, async () => {
          const result = await runTrial(seed, { dir, profile: PROFILES.ci, ...options.context });
          results.push(result);
          const report = violationReport(result);
          if (report !== "") throw new Error(report);
        });
      }
    });
  };
  if (seeds.length === 0) describe.skip(`${title}: CHAOS_SEED=${ONLY} is of another kind`, () => it("skipped", () => undefined));
  else describeWithService(title, options.unavailable, body);
}
