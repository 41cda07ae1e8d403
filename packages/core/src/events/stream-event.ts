import type { Message, ToolCallPart } from "../messages/index.js";
import type { FinishReason } from "../model/index.js";
import type { Usage, UsageTotals } from "../usage/index.js";
import type { SerializedError } from "../errors/index.js";
import type { StopReason } from "../agent/stop-reason.js";
import type { ToolCallStatus } from "../agent/run-result.js";
import type { ProgressStepUpdate } from "./progress.js";
import type { Interruption, InterruptionKind } from "../run/interruption.js";

/** Version of the event protocol; bumped on any incompatible change. */
export const EVENT_PROTOCOL_VERSION = 1;

/** Fields every event carries. */
export interface EventBase {
  readonly runId: string;
  /** `main`, `main/researcher#2`, …: which agent of the run produced the event. */
  readonly agentPath: string;
  /** Strictly increasing across the whole run, nested agents included. */
  readonly seq: number;
  /**
   * The content block the event belongs to, for clients that render a run as blocks
   * (a text block, a tool batch, …). Blocks are numbered by one counter shared by the
   * whole run tree, so an index names one block of one agent. Per agent it never
   * decreases; a sub-agent's blocks come after its parent's current block, and the
   * parent's next block comes after every block its sub-agents opened.
   */
  readonly contentIndex: number;
  /** Milliseconds since the epoch. */
  readonly timestamp: number;
}

/** A run (or nested run) started. */
export interface RunStartEvent extends EventBase {
  readonly type: "run-start";
  readonly model: string;
  /** Agent path of the parent run, for nested runs. */
  readonly parentAgentPath?: string;
}

/** A run (or nested run) ended. */
export interface RunEndEvent extends EventBase {
  readonly type: "run-end";
  readonly stopReason: StopReason;
  readonly text: string;
  readonly iterations: number;
  readonly toolCallCount: number;
  readonly usage: UsageTotals;
  readonly error?: SerializedError;
  /** When `stopReason` is `interrupted` (root runs): everything the run tree waits for. */
  readonly interruptions?: readonly Interruption[];
}

/** A model call is about to start. */
export interface StepStartEvent extends EventBase {
  readonly type: "step-start";
  readonly iteration: number;
  readonly model: string;
  readonly toolsSent: boolean;
}

/** A model call and its tool batch finished (or the step was cut short: `aborted`, `error`). */
export interface StepEndEvent extends EventBase {
  readonly type: "step-end";
  readonly iteration: number;
  readonly finishReason: FinishReason | "aborted";
  readonly toolCalls: number;
}

/** Streamed answer text. */
export interface TextDeltaEvent extends EventBase {
  readonly type: "text-delta";
  readonly text: string;
}

/** Streamed reasoning text. */
export interface ReasoningDeltaEvent extends EventBase {
  readonly type: "reasoning-delta";
  readonly text: string;
  readonly id?: string;
}

/** The model called a tool; arguments are complete and parsed (raw text when unparseable). */
export interface ToolCallEvent extends EventBase {
  readonly type: "tool-call";
  readonly toolCall: ToolCallPart;
}

/** A tool started running. */
export interface ToolStartEvent extends EventBase {
  readonly type: "tool-start";
  readonly toolCallId: string;
  readonly toolName: string;
  readonly arguments: unknown;
}

/**
 * A tool reported progress: a plain message (`ctx.progress`) or a step of a named
 * progress group (`step`, sent by a `ProgressGroup` from `@baton/events`).
 */
export interface ToolProgressEvent extends EventBase {
  readonly type: "tool-progress";
  readonly toolCallId: string;
  readonly toolName: string;
  readonly message: string;
  readonly data?: unknown;
  readonly step?: ProgressStepUpdate;
}

/** A streaming tool yielded a chunk. */
export interface ToolStreamEvent extends EventBase {
  readonly type: "tool-stream";
  readonly toolCallId: string;
  readonly toolName: string;
  readonly chunk: unknown;
}

/** A tool finished with a result. */
export interface ToolDoneEvent extends EventBase {
  readonly type: "tool-done";
  readonly toolCallId: string;
  readonly toolName: string;
  readonly result: unknown;
  readonly durationMs: number;
}

/** A tool call failed (threw, timed out, invalid, not enabled, aborted). */
export interface ToolErrorEvent extends EventBase {
  readonly type: "tool-error";
  readonly toolCallId: string;
  readonly toolName: string;
  readonly status: Exclude<ToolCallStatus, "ok">;
  readonly error: SerializedError;
  readonly durationMs: number;
}

/**
 * A tool call paused: it waits for a person's approval (it never started) or the tool
 * asked a question (`payload`). The run ends `interrupted`; when it is resumed, an
 * approved or answered call starts again with a new `tool-start`.
 */
export interface ToolInterruptedEvent extends EventBase {
  readonly type: "tool-interrupted";
  readonly toolCallId: string;
  readonly toolName: string;
  readonly kind: InterruptionKind;
  readonly payload?: unknown;
}

/** Usage of one model call. */
export interface UsageEvent extends EventBase {
  readonly type: "usage";
  readonly usage: Usage;
}

/** The context engine dropped or compacted messages. */
export interface ContextTrimmedEvent extends EventBase {
  readonly type: "context-trimmed";
  readonly strategy: string;
  readonly removedMessages: number;
  readonly tokensBefore: number;
  readonly tokensAfter: number;
}

/**
 * A model call did not fit the model's window (`PROVIDER_CONTEXT_LENGTH`): the context
 * engine trimmed the conversation to `contextLimit` tokens (the provider's reported
 * limit when it gave one) and the call is made once more, as the next step.
 */
export interface ContextOverflowEvent extends EventBase {
  readonly type: "context-overflow";
  /** The step whose call did not fit. */
  readonly iteration: number;
  /** The limit the context engine trimmed to. */
  readonly contextLimit: number;
}

/** The context engine summarized old messages. */
export interface ContextSummarizedEvent extends EventBase {
  readonly type: "context-summarized";
  readonly summary: string;
  readonly summarizedMessages: number;
}

/** A plan (todo list) changed. */
export interface PlanUpdatedEvent extends EventBase {
  readonly type: "plan-updated";
  readonly items: readonly { readonly id: string; readonly title: string; readonly status: string }[];
  readonly version: number;
}

/** Control moved to another agent. */
export interface HandoffEvent extends EventBase {
  readonly type: "handoff";
  readonly from: string;
  readonly to: string;
  readonly reason?: string;
}

/** Loop detection fired. */
export interface LoopDetectedEvent extends EventBase {
  readonly type: "loop-detected";
  readonly kind: "tool_repetition" | "text_repetition";
  readonly action: "warn" | "terminate" | "callback";
  readonly detail: string;
}

/** A token or cost budget stopped the run. */
export interface BudgetExceededEvent extends EventBase {
  readonly type: "budget-exceeded";
  readonly budget: "tokens" | "cost" | "time";
  readonly limit: number;
  readonly used: number;
}

/** An error the run reports (the run may still end normally afterwards). */
export interface ErrorEvent extends EventBase {
  readonly type: "error";
  readonly error: SerializedError;
}

/** A message the run added (assistant turn or tool results), once complete. */
export interface MessageEvent extends EventBase {
  readonly type: "message";
  readonly message: Message;
}

/** Events of one tool call. */
export type ToolEvent = ToolStartEvent | ToolProgressEvent | ToolStreamEvent | ToolDoneEvent | ToolErrorEvent | ToolInterruptedEvent;

/** Every event a run streams. */
export type StreamEvent =
  | RunStartEvent
  | RunEndEvent
  | StepStartEvent
  | StepEndEvent
  | TextDeltaEvent
  | ReasoningDeltaEvent
  | ToolCallEvent
  | ToolEvent
  | UsageEvent
  | ContextTrimmedEvent
  | ContextOverflowEvent
  | ContextSummarizedEvent
  | PlanUpdatedEvent
  | HandoffEvent
  | LoopDetectedEvent
  | BudgetExceededEvent
  | ErrorEvent
  | MessageEvent;

/**
 * The events an agent config's hook or a tool may send itself (plans, handoffs, loop
 * detection), without the fields the loop stamps.
 */
export type AgentEvent = DistributiveOmit<PlanUpdatedEvent | HandoffEvent | LoopDetectedEvent, keyof EventBase>;

/** The `type` of a {@link StreamEvent}. */
export type StreamEventType = StreamEvent["type"];

/** The event of a given type. */
export type StreamEventOf<T extends StreamEventType> = Extract<StreamEvent, { type: T }>;

/** Distributes `Omit` over a union. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event before the run stamps it with run id, agent path, sequence number and time. */
export type UnstampedEvent = DistributiveOmit<StreamEvent, keyof EventBase>;
