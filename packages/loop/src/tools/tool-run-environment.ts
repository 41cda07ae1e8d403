import type { AbortHub } from "../abort/abort-hub.js";
import type { AgentEvent, BatchCall, Message, RunResult, SubAgentRequest, ToolEvent, Usage, UnstampedEvent } from "@baton/core";

/** What running a tool needs from the loop around it (one agent's run provides it). */
export interface ToolRunEnvironment {
  readonly runId: string;
  readonly agentPath: string;
  /** The run's abort fan-out; each tool gets a signal that fires on it or on the tool's timeout. */
  readonly abort: AbortHub;
  /** Default timeout in ms when the tool has none. */
  readonly defaultTimeoutMs: number | undefined;
  /** Error messages are cut to this length. */
  readonly maxErrorLength: number;
  readonly context: Readonly<Record<string, unknown>>;
  /** The calling agent's own state (`state.custom`), handed to tools as `ctx.agentState`. */
  readonly agentState: Record<string, unknown>;
  /** The messages the run has so far (for `shouldUse` checks and `ctx.messages()`). */
  messages(): readonly Message[];
  /** A promise to wait for before producing more events, while a consumer is behind. */
  ready(): Promise<void> | undefined;
  /** Whether anyone hears tool events (a sink, or the `onToolEvent` hook): when not, a call's start and end build none. */
  readonly toolEventsWanted: boolean;
  /** Emits a tool event (and calls the `onToolEvent` hook). */
  emitToolEvent(event: Extract<UnstampedEvent, { type: ToolEvent["type"] }>): void;
  /** Emits a plan, handoff or loop-detection event a tool sends. */
  emitAgentEvent(event: AgentEvent): void;
  /** Adds usage reported by a tool. */
  addUsage(usage: Usage): void;
  /** Metadata object of a call; what the tool writes there is kept. */
  metadataFor(toolCallId: string): Record<string, unknown>;
  /**
   * Starts (or, on resume, continues) the `ordinal`-th nested run of a tool call. Rejects
   * with `ToolPausedSignal` (from `@baton/core`) when the nested run pauses.
   */
  runSubAgent(request: SubAgentRequest, signal: AbortSignal, entry: BatchCall, ordinal: number): Promise<RunResult>;
}
