import type { RunResult } from "@baton/core";
import type { AttemptRecord, RunRecord, SlimEvent } from "./history-checker.mjs";

/** Decisions for calls in doubt from the effects log (executed: its result; not: run again), or why the run waits for something else. */
export declare function decideInDoubt(
  interruptions: readonly { readonly id: string; readonly kind: string; readonly toolCallId?: string; readonly payload?: unknown }[] | undefined,
  effectsPath: string,
): { decisions?: Record<string, unknown>; problem?: string };
/** What an attempt's result says about the run. */
export declare function outcomeOf(result: RunResult | AttemptRecord["result"] | undefined): string;
/** Drives a run until it is over or `deadline()` passes. */
export declare function driveRun(options: {
  readonly record: RunRecord;
  readonly attempt: (mode: "run" | "resume", decisions?: Record<string, unknown>) => Promise<{ result?: RunResult; thrown?: unknown; events: SlimEvent[] }>;
  readonly effectsPath: string;
  readonly deadline: () => number;
  readonly pauseMs: number;
  readonly signal?: AbortSignal;
  readonly mode?: "run" | "resume";
}): Promise<RunRecord>;
/** The parts of a result the checker reads. */
export declare function summarise(result: RunResult): NonNullable<AttemptRecord["result"]>;
