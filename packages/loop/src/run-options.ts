import type { TakenClaim } from "./persistence/run-persistence.js";
import type {
  AgentConfig,
  ContextEngine,
  EventSink,
  InterruptDecisions,
  Logger,
  Message,
  ModelProvider,
  RunResult,
  RunState,
  StreamEvent,
  Storage,
  TokenCounter,
  Tool,
  ToolRegistry,
} from "@baton/core";

/**
 * Everything one run needs. Only `provider`, `model` and `input` are required (a
 * resumed run takes `resume` instead of `input`).
 */
export interface RunOptions {
  /** The model provider (an adapter, or `scriptedModel` from `@baton/testing`). */
  readonly provider: ModelProvider;
  /** Model id passed to the provider. */
  readonly model: string;
  /** The user's message, or a whole conversation (history plus the new message). Not given when resuming. */
  readonly input?: string | readonly Message[];
  /**
   * Continues a paused (or interrupted) run from its state — `result.state`, or its
   * JSON — in this or any other process, with the same agent (provider, model,
   * instructions, tools, config). With `storage`, the run is claimed there first.
   */
  readonly resume?: RunState | string;
  /**
   * A person's answers to what a paused run waits for (`result.interruptions`), by
   * interruption id: `{ approve: true }`, `{ approve: false, reason }` or `{ answer }`.
   */
  readonly decisions?: InterruptDecisions;
  /** System prompt; the registry's prompt (base prompt and selection rules) is appended. */
  readonly instructions?: string;
  /** The tools of the run. */
  readonly tools?: ToolRegistry | readonly Tool[];
  /** Hooks that shape the loop; `{}` (the default) is an ordinary agent. */
  readonly config?: AgentConfig;
  /** Name of this agent in agent paths. Default `main`. */
  readonly agentName?: string;
  /** Run id; a random UUID when absent. */
  readonly runId?: string;
  /** Aborts the run: it stops within one event and returns what was done. */
  readonly signal?: AbortSignal;
  /** Overrides the config's tool-call limit for this run. */
  readonly toolCallLimit?: number;
  /** Maximum model calls. Default 50. */
  readonly maxIterations?: number;
  /**
   * Output tokens requested per call (and reserved by the context engine and the
   * budgets; without it the budgets reserve the model's `maxOutputTokens` from
   * `getModelInfo`, or nothing when unknown).
   */
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
  /** Default per-tool timeout in ms (a tool's own `timeoutMs` wins). Default: none. */
  readonly toolTimeoutMs?: number;
  /** At most this many tools of a batch run at once. Default: all of them. */
  readonly maxConcurrentTools?: number;
  /** Error results are cut to this many characters. Default 2000. */
  readonly maxToolErrorLength?: number;
  /**
   * Total tokens (input + output, all calls, sub-agents' included) the run may use.
   * Checked before each model call: the tokens used so far plus the call's input and
   * reserved output must fit, else the run stops with `token_budget`. See the README's
   * "Budgets".
   */
  readonly tokenBudget?: number;
  /**
   * US dollars the run may spend (all calls, sub-agents' included), at the prices of
   * `provider.getModelInfo(model).pricing` (required: without prices the options are
   * invalid). Checked before each model call like `tokenBudget`; the run stops with
   * `budget_exceeded`.
   */
  readonly costBudget?: number;
  /**
   * Counts the next request's input for the budget checks. Without it the input is
   * estimated from the agent's previous call (an underestimate: see the README).
   */
  readonly tokenCounter?: TokenCounter;
  /** Keeps requests inside the window; called after each iteration. */
  readonly contextEngine?: ContextEngine;
  /** The window the context engine keeps requests within. Default: the provider's model info, else 128000. */
  readonly contextLimit?: number;
  /**
   * Where the run is persisted, through the agent's data policy: its claim, a
   * checkpoint after every model turn, finished tool and iteration, its usage per
   * model call, and (with `conversationId`) its input and its answer. Without it
   * nothing is stored: `result.persisted` is false, and the run cannot be resumed.
   */
  readonly storage?: Storage;
  /**
   * Conversation in `storage` the run continues: its stored messages (or their latest
   * summary) come before `input`, which then holds only the new messages; the input is
   * appended before the run starts and the run's answer when it ends.
   */
  readonly conversationId?: string;
  /** The end user the run serves: stored with its messages and usage (for billing per user). */
  readonly userId?: string;
  /**
   * Who holds the run's claim in storage. Default: this run in this process (host, pid,
   * a random part per run). Must be unique: two attempts sharing an owner are one claim.
   */
  readonly claimOwner?: string;
  /**
   * Told each time the run takes its claim in `storage` (a new run's start, a resume),
   * synchronously and before any event of that attempt: the claim's owner and its
   * fencing token. Every write of the run carries the token, and storage refuses it
   * once another process has claimed the run; a queue worker fences the run's relayed
   * events with it the same way.
   */
  readonly onClaim?: (claim: TakenClaim) => void;
  /**
   * How long the claim holds without renewal, in ms (renewed every third of it while
   * the run lives). Another process can resume the run only after it lapses. Default 30000.
   */
  readonly claimLeaseMs?: number;
  /**
   * The longest the run waits for its storage in one outage, in ms: one clock for the
   * whole run, started by the first write that fails or hangs and stopped by any write
   * that succeeds. Within it, a failed write is reported (an `error` event; the result
   * says `persisted: false`), the tool-call journal and the run's last writes are tried
   * again, and a checkpoint is replaced by the next one. Past it, the run starts no
   * further tool call and ends the attempt: stop reason `error` with a
   * `STORAGE_UNAVAILABLE` error and `resumable: true` (`resume()` continues it once
   * storage is back). An abort never waits for storage (it is stored when storage
   * comes back). Default 10000.
   */
  readonly storageWaitMs?: number;
  /**
   * What a retryable error that ends the root run's model call ends — a provider
   * outage, overload or rate limit that outlasted the provider's own retries
   * (`error.retryable`). `"run"` (the default) finishes the run with stop reason
   * `error`. `"attempt"` ends only this attempt: the run's state is saved unfinished
   * and its claim given up at once, so `resume()` continues it later from there (the
   * model call is made again, completed tool calls are not) — what a job queue uses
   * to retry a run with a backoff of its own. The result still says stop reason
   * `error` with the error, and `resumable: true`. Needs `storage`; other errors
   * finish the run as usual. With `"attempt"`, a run whose end (its answer or final
   * state) could not be stored says `resumable: true` too, with its own stop reason:
   * the stored run is not marked finished, and `resume()` continues it from its last
   * checkpoint and stores its end.
   */
  readonly retryableErrorEnds?: "run" | "attempt";
  /** Application context handed to tools and hooks (user id, tenant, …). */
  readonly context?: Readonly<Record<string, unknown>>;
  /**
   * Called with every event, in order. Returning a promise makes the run wait for it
   * (backpressure); any other return value is ignored.
   */
  readonly onEvent?: (event: StreamEvent) => unknown;
  /** More consumers of the events; one that throws does not disturb the others. */
  readonly sinks?: readonly EventSink[];
  /**
   * `stream()` only: events buffered for a slow consumer before the run waits for it
   * (backpressure). Default 1024.
   */
  readonly streamHighWaterMark?: number;
  /** Maximum sub-agent nesting depth. Default 5. */
  readonly maxDepth?: number;
  /**
   * Structured logs of the run (pino's signature: `logger.info(fields, msg)`; pino,
   * `console` or any {@link Logger}): run start and end, provider retries, the
   * context-overflow retry, storage failures, a lost claim and resumes at `info` /
   * `warn` / `error`, sub-agents' start and end at `debug`. Every line carries `runId`
   * and `agentPath`; lines hold ids, names, counts, codes and durations only, never
   * message text or tool arguments. Default: none (nothing is logged, at no cost).
   */
  readonly logger?: Logger;
}

/**
 * What resuming a stored run needs: the same agent (provider, model, instructions,
 * tools, config) and the storage it was stored in, with its `runId`; no input. Give
 * `decisions` to answer what a paused run waits for.
 */
export type ResumeOptions = Omit<RunOptions, "input" | "runId" | "storage" | "resume"> & {
  readonly runId: string;
  readonly storage: Storage;
};

/** A run in progress as an ordered event stream, with its result. */
export interface RunStream extends AsyncIterable<StreamEvent> {
  /** Resolves with the result when the run ends (it never rejects: failures are in `stopReason`). */
  readonly result: Promise<RunResult>;
  /** Aborts the run. */
  abort(reason?: unknown): void;
}
