import type { Message } from "../messages/index.js";
import type { ToolPreset } from "./tool-access.js";
import type { Usage } from "../usage/index.js";
import type { JsonSchema } from "./json-schema.js";
import type { SubAgentRequest } from "../agent/sub-agent.js";
import type { RunResult } from "../agent/run-result.js";
import type { ProgressStepUpdate } from "../events/progress.js";
import type { AgentEvent } from "../events/stream-event.js";

/** The outcome of checking a tool's arguments. */
export type ToolArgumentsCheck<TArgs> = { readonly success: true; readonly value: TArgs } | { readonly success: false; readonly issues: readonly string[] };

/**
 * What a tool may return: a value, a promise of one, or an async iterable (for
 * example an async generator) whose yielded values are stream chunks forwarded as
 * `tool-stream` events and whose return value is the result.
 */
export type ToolOutput<TResult> = TResult | Promise<TResult> | AsyncIterable<unknown>;

/**
 * Whether running a tool's call twice is safe: `idempotent` (reading, or writing
 * something the same way each time) or `once` (a payment, an email, an order: an effect
 * that must not repeat). Decides what a resumed run does with a call that started but
 * whose outcome was never stored (in doubt): an idempotent tool runs it again; a
 * `once` tool's call becomes an `in-doubt` interruption that a person or a handler
 * decides.
 */
export type ToolEffects = "idempotent" | "once";

/** What a tool sees while it runs. */
export interface ToolExecutionContext {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly runId: string;
  /**
   * A key for this call, the same in every attempt and every process that runs it
   * (`<runId>:<toolCallId>`): pass it to an API that deduplicates requests by key, so
   * that a call run again after a fault does its effect once.
   *
   * @example
   * execute: async ({ amount }, ctx) =>
   *   stripe.paymentIntents.create({ amount, currency: "eur" }, { idempotencyKey: ctx.idempotencyKey }),
   */
  readonly idempotencyKey: string;
  /** Agent path of the run that called the tool, e.g. `main`. */
  readonly agentPath: string;
  /** Aborted when the run is aborted or the tool's timeout passes. Pass it on to I/O. */
  readonly signal: AbortSignal;
  /** The application's context given to the run (user id, tenant, …). */
  readonly context: Readonly<Record<string, unknown>>;
  /** Metadata of this call; what the tool writes here is kept in the run's tool metadata. */
  readonly metadata: Record<string, unknown>;
  /**
   * Reports progress; reaches the consumer at once as a `tool-progress` event. Returns
   * a promise when the consumer is behind: a tool that reports a lot should await it.
   */
  progress(message: string, data?: unknown): void | Promise<void>;
  /**
   * Reports a change to a step of a named progress group, as a `tool-progress` event
   * with `step`. `ProgressGroup.forTool(ctx)` from `@baton/events` calls it for you.
   */
  reportStep(update: ProgressStepUpdate): void | Promise<void>;
  /** Sends a plan, handoff or loop-detection event into the run's stream (a todo tool's `plan-updated`, say). */
  emit(event: AgentEvent): void;
  /** Records usage of a model call the tool made itself (it is added to the run's usage). */
  addUsage(usage: Usage): void;
  /**
   * Runs a nested agent. Its events stream into this run with a deeper agent path;
   * its usage, tool-call count and tool metadata merge into this run's. Its state is
   * part of this run's state while this call runs: when it pauses (it waits for an
   * approval or an answer), this call pauses too, and when the run is resumed the tool
   * runs again and the same `runSubAgent` call (by its order in this tool call)
   * continues the nested run where it stopped; a nested run that had finished gives
   * its result again without running.
   */
  runSubAgent(request: SubAgentRequest): Promise<RunResult>;
  /**
   * Asks the user a question and pauses the run (stop reason `interrupted`; the
   * question is the interruption's `payload`) until it is answered with
   * `run({ resume: state, decisions: { [toolCallId]: { answer } } })`. The tool then runs
   * again from its start, and this call resolves with the answer: code before it must
   * be safe to run twice. Several questions in one call are answered in order.
   *
   * @example
   * const city = await ctx.askUser<string>("Which city?");
   */
  askUser<T = unknown>(question: unknown): Promise<T>;
  /**
   * The calling agent's conversation when the batch started: its messages and this
   * run's turns so far. The loop's own list, which later turns are appended to: copy it
   * to keep it past the call.
   */
  messages(): readonly Message[];
  /**
   * The calling agent's own state (`state.custom`): JSON-safe, kept in checkpoints and in
   * `result.state`. A tool may keep state of the run here (the todo list does).
   */
  readonly agentState: Record<string, unknown>;
}

/** What a tool's `shouldUse` check sees. */
export interface ToolAvailabilityContext {
  readonly toolName: string;
  readonly runId: string;
  readonly agentPath: string;
  readonly context: Readonly<Record<string, unknown>>;
  readonly messages: readonly Message[];
}

/**
 * A tool the model can call. Build one with `defineTool` from `@baton/tools`, or
 * implement the interface directly.
 */
// biome-ignore lint/suspicious/noExplicitAny: a tool's arguments default to any, so a typed tool is assignable where any tool is expected.
export interface Tool<TArgs = any, TResult = unknown> {
  /** Unique name the model calls it by (letters, digits, `_` and `-`). */
  readonly name: string;
  /** What the tool does, for the model. */
  readonly description: string;
  /** JSON Schema of the arguments (an object schema). */
  readonly parameters: JsonSchema;
  /** When to use it; assembled into the system prompt by the registry. */
  readonly selectionRule?: string;
  /**
   * The smallest built-in tool preset the tool belongs to (presets nest: `readonly` ⊂
   * `readwrite` ⊂ `full`): `readonly` for a tool that only reads, `readwrite` for one
   * that changes data, `full` for one that runs commands or may do anything. An agent
   * given `toolPreset` keeps only the tools of that preset; a tool that declares none
   * is in no preset.
   */
  readonly preset?: ToolPreset;
  /** Per-call timeout in milliseconds; overrides the run's default. */
  readonly timeoutMs?: number;
  /**
   * Whether running a call twice is safe (see {@link ToolEffects}). Default `once`, or
   * `idempotent` for a tool whose `preset` is `readonly` (it only reads). A resumed run
   * runs an idempotent tool's call in doubt again, and asks about a `once` tool's.
   */
  readonly effects?: ToolEffects;
  /**
   * Whether the full result stays in stored history (default true). When false only
   * `summarize(result)` (or a short marker) is stored.
   */
  readonly includeInHistory?: boolean;
  /** Checks and converts the parsed arguments; absent means "accept as is". */
  validate?(args: unknown): ToolArgumentsCheck<TArgs>;
  /** Runs the tool. Throwing produces an error result the model sees. */
  execute(args: TArgs, context: ToolExecutionContext): ToolOutput<TResult>;
  /** Whether the tool may run in this run; `false` yields a `TOOL_NOT_ENABLED` error result. */
  shouldUse?(context: ToolAvailabilityContext): boolean | Promise<boolean>;
  /** A short form of a result, stored when the result is not kept in history. */
  summarize?(result: TResult): string;
}
