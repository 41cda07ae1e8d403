import type { AbortHub } from "../abort/abort-hub.js";
import type { AgentEvent, Message, RunResult, SubAgentRequest, ToolEvent, Usage, UnstampedEvent } from "@baton/core";

/** What running a tool needs from the loop around it. */
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
  /** The messages the run has so far (for `shouldUse` checks). */
  readonly messages: () => readonly Message[];
  /** A promise to wait for before producing more events, while a consumer is behind. */
  ready(): Promise<void> | undefined;
  /** Emits a tool event (and calls the `onToolProgress` hook). */
  emitToolEvent(event: Extract<UnstampedEvent, { type: ToolEvent["type"] }>): void;
  /** Emits a plan, handoff or loop-detection event a tool sends. */
  emitAgentEvent(event: AgentEvent): void;
  /** Adds usage reported by a tool. */
  addUsage(usage: Usage): void;
  /** Metadata object of a call; what the tool writes there is kept. */
  metadataFor(toolCallId: string): Record<string, unknown>;
  /** Starts a nested run on behalf of a tool call. */
  runSubAgent(request: SubAgentRequest, signal: AbortSignal): Promise<RunResult>;
}
