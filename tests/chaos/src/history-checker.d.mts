import type { ChaosPlan } from "./chaos-agent.mjs";

/** A rule of the history checker that a trial broke. */
export interface Violation {
  /**
   * `once-executed-twice`, `run-lost`, `outage-not-resumable`, `not-settled`, `wrong-answer`,
   * `stored-end-missing`, `result-without-execution`, `attempt-threw`, `event-stream`,
   * `process-not-settled`, `secret-leaked`.
   */
  readonly rule: string;
  readonly runId?: string;
  readonly detail: string;
}

/** An event as the checker keeps it. */
export interface SlimEvent {
  readonly seq: number;
  readonly type: string;
  readonly agentPath: string;
  readonly error?: string;
}

/** One attempt at a run: `run()` or `resume()` in some process, and what it returned. */
export interface AttemptRecord {
  readonly mode: "run" | "resume";
  readonly startedAt?: number;
  readonly endedAt?: number;
  /** What its result says: `ended`, `resumable`, `interrupted`, `held`, `not-stored`, `finished`, `id-taken`, `threw`, `crashed`. */
  readonly outcome: string;
  readonly result?: {
    readonly stopReason: string;
    readonly text: string;
    readonly persisted?: boolean;
    readonly resumable?: boolean;
    readonly error?: { readonly code: string; readonly message: string; readonly retryable?: boolean; readonly details?: Record<string, unknown> };
    readonly interruptions?: readonly unknown[];
  };
  readonly thrown?: unknown;
  readonly events?: readonly SlimEvent[];
  readonly decisions?: Record<string, unknown>;
}

/** One run of a trial. */
export interface RunRecord {
  readonly runId: string;
  readonly conversationId: string;
  readonly plan: ChaosPlan;
  readonly attempts: AttemptRecord[];
  decided: number;
  endedAt?: number;
  /** Why the run did not reach an end in time. */
  unsettled?: string;
  /** Its stored checkpoint's stop reason after the trial (none: unfinished). */
  stored?: { readonly stopReason?: string; readonly error?: string };
}

/** One execution of a tool call, from the effects log. */
export interface Execution {
  readonly key: string;
  readonly tool: string;
  readonly effects: "once" | "idempotent";
  readonly result: unknown;
  readonly pid: number;
  readonly at: number;
}

/** Everything a trial did. */
export interface TrialHistory {
  readonly kind: string;
  readonly seed: number;
  readonly runs: readonly RunRecord[];
  readonly effects: readonly Execution[];
  /** Every error and output the trial met: thrown errors, results' errors, `error` events, child processes' stderr. */
  readonly outputs?: readonly unknown[];
  /** Secrets none of the outputs may hold (a Redis password, a provider key). */
  readonly secrets?: readonly string[];
  /** Processes, servers and runs that did not settle within their bound. */
  readonly unsettledProcesses?: readonly string[];
  /** What clients read of each run's event stream. */
  readonly clientStreams?: readonly { readonly runId: string; readonly events: readonly SlimEvent[]; readonly complete: boolean }[];
}

/** The violations of one trial's history (empty: it passed). */
export declare function checkHistory(history: TrialHistory): Violation[];

/** Checks one event stream: no gap, no duplicate, at most one root run-end and nothing after it (with `complete`, exactly one). */
export declare function checkStream(events: readonly SlimEvent[], label: string, report: (detail: string) => void, complete: boolean): void;

/** Rules left out of a check (`CHAOS_IGNORE=rule,rule`). */
export declare function ignoredRules(env?: Record<string, string | undefined>): Set<string>;
