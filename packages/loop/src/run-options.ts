import type {
  AgentConfig,
  ContextEngine,
  EventSink,
  Message,
  ModelProvider,
  RunResult,
  StreamEvent,
  Storage,
  TokenCounter,
  Tool,
  ToolRegistry,
} from "@baton/core";

/** Everything one run needs. Only `provider`, `model` and `input` are required. */
export interface RunOptions {
  /** The model provider (an adapter, or `scriptedModel` from `@baton/testing`). */
  readonly provider: ModelProvider;
  /** Model id passed to the provider. */
  readonly model: string;
  /** The user's message, or a whole conversation (history plus the new message). */
  readonly input: string | readonly Message[];
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
  /** Where the run is persisted. Without it nothing is stored (`result.persisted` is false). */
  readonly storage?: Storage;
  /** Conversation the run's messages are appended to in `storage`. */
  readonly conversationId?: string;
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
}

/** A run in progress as an ordered event stream, with its result. */
export interface RunStream extends AsyncIterable<StreamEvent> {
  /** Resolves with the result when the run ends (it never rejects: failures are in `stopReason`). */
  readonly result: Promise<RunResult>;
  /** Aborts the run. */
  abort(reason?: unknown): void;
}
