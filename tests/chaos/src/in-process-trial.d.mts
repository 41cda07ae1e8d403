import type { Storage, ModelProvider } from "@baton/core";
import type { SeededRandom } from "./seeded-random.mjs";
import type { ChaosPlan, PlanOptions } from "./chaos-agent.mjs";
import type { RunRecord, TrialHistory, Violation } from "./history-checker.mjs";

/** What one trial did, in numbers, with its violations and its whole history. */
export interface TrialResult {
  readonly kind: string;
  readonly seed: number;
  readonly runs: number;
  /** Tool calls the runs' plans hold. */
  readonly toolCalls: number;
  /** Executions in the effects log (a call cut off before its effect has none; an idempotent call run again has two). */
  readonly executions: number;
  /** Calls in doubt decided (from the effects log). */
  readonly decided: number;
  /** From the faults healing to every run ended, in ms. */
  readonly settleMs: number;
  readonly durationMs: number;
  readonly violations: readonly Violation[];
  readonly history: TrialHistory;
  /** The faults played, one line each. */
  faults?: string[];
}

/** Options of {@link runInProcessTrial}. */
export interface InProcessTrialOptions {
  readonly kind: string;
  readonly seed: number;
  readonly random: SeededRandom;
  readonly storage: Storage;
  readonly readStored: (runId: string) => Promise<{ stopReason?: string }>;
  readonly effectsPath: string;
  /** Plays the trial's faults from `startedAt`; resolves once they healed. */
  readonly faults: (startedAt: number, signal: AbortSignal) => Promise<void>;
  readonly runs: number;
  readonly plan: PlanOptions;
  readonly runOptions: { readonly storageWaitMs?: number; readonly claimLeaseMs?: number };
  readonly settleBoundMs: number;
  readonly provider?: () => ModelProvider;
  readonly secrets?: readonly string[];
  readonly startSpreadMs?: number;
  readonly pauseMs?: number;
  readonly graceMs?: number;
  readonly maxTrialMs?: number;
}

/** Runs one trial of runs in this process beside a fault plan, drives every run to its end and checks the history. */
export declare function runInProcessTrial(options: InProcessTrialOptions): Promise<TrialResult>;

/** The runs of a trial: `count` plans drawn from `random`. */
export declare function drawRuns(random: SeededRandom, seed: number, count: number, planOptions: PlanOptions, startSpreadMs?: number): RunRecord[];

/** Whether `promise` settles within `ms`. */
export declare function settleWithin(promise: Promise<unknown>, ms: number): Promise<boolean>;

export type { ChaosPlan };

/** What the checker reads of a stored checkpoint. */
export declare function storedEnd(checkpoint: { readonly stopReason?: string; readonly status?: string } | undefined): {
  missing?: true;
  stopReason?: string;
  status?: string;
};

/** Closes what a trial started; a part still up afterwards is a `process-not-settled` violation of the result. */
export declare function closeAndCheck(
  result: { violations: Violation[] },
  parts: readonly { readonly name: string; close(): Promise<unknown>; up(): boolean }[],
): Promise<void>;
