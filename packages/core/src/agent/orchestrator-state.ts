import type { Message, ToolCallPart } from "../messages/index.js";
import type { ToolChoice } from "../model/index.js";
import type { Usage } from "../usage/index.js";
import type { StopReason } from "./stop-reason.js";

/**
 * The mutable state of one agent's loop. Hooks read it and may change it (that is
 * how an agent config steers the loop); the loop checkpoints it after each iteration.
 */
export interface OrchestratorState {
  readonly runId: string;
  readonly agentPath: string;
  /** Model calls made so far. */
  iteration: number;
  /** Tool calls counted against the limit: non-iterative tools excluded, sub-agents' counted calls included. */
  toolCallCount: number;
  /** The effective tool-call limit of this run. */
  toolCallLimit: number;
  /** The maximum number of model calls. */
  maxIterations: number;
  /** Whether the last model turn called tools (the default `shouldContinueLoop` reads it). */
  hasToolCalls: boolean;
  /** Tool choice for the next model call; reset to `auto` after a forced choice is used. */
  toolChoice: ToolChoice;
  /** The conversation the run started from (system prompt, history, user message). */
  messages: Message[];
  /** Messages of this run the next model call sees (the context engine may trim them). */
  inLoopMessages: Message[];
  /** Usage records so far, sub-agents' included. */
  readonly usage: Usage[];
  /** Tool metadata by tool-call id. */
  readonly toolMetadata: Record<string, Record<string, unknown>>;
  /** Tools that failed in the last batch. */
  lastIterationErroredTools: string[];
  /** Tools refused by `shouldUse` in the last batch. */
  toolsNotEnabled: string[];
  /** Tool calls counted from sub-agents so far. */
  subAgentToolCalls: number;
  /** True once the limit was reached and the final turn (without tools) was requested. */
  finalAnswerRequested: boolean;
  /** The text of the last model turn. */
  lastText: string;
  /** The tool calls of the last model turn. */
  lastToolCalls: readonly ToolCallPart[];
  /** A hook may set this to say why it ends the run. */
  stopReason?: StopReason;
  /** Agent-specific state (retry counts, plans, …), kept in checkpoints. */
  readonly custom: Record<string, unknown>;
}
