import type { Message, ToolCallPart, ToolResultPart } from "../messages/index.js";
import type { TokenUsage, Usage } from "../usage/index.js";
import type { UnstampedEvent } from "../events/index.js";

/** What the context engine is given after each iteration. */
export interface ContextEngineInput {
  /** The conversation the run started from. */
  readonly messages: readonly Message[];
  /** The run's in-loop messages so far. */
  readonly inLoop: readonly Message[];
  /** Tokens the next request may use in total (window). */
  readonly contextLimit: number;
  /** Tokens reserved for the model's output. */
  readonly reservedOutputTokens: number;
  readonly model: string;
  readonly agentPath: string;
  readonly signal: AbortSignal;
  /** The iteration that just finished. */
  readonly response: {
    readonly text: string;
    readonly usage: TokenUsage;
    readonly toolCalls: readonly ToolCallPart[];
    readonly toolResults: readonly ToolResultPart[];
  };
}

/** What the context engine returns. */
export interface ContextEngineOutput {
  /** The in-loop messages the next call sees. */
  readonly inLoop: readonly Message[];
  /** Replacement conversation messages, when the engine changed them. */
  readonly messages?: readonly Message[];
  /** A summary of older context, when one was made. */
  readonly summary?: string;
  /** Whether the summary should be stored with the conversation. */
  readonly persistSummary?: boolean;
  /** Usage of model calls the engine made (summaries); added to the run's usage. */
  readonly usage?: readonly Usage[];
  /** Events to stream (context trimmed / summarized). */
  readonly events?: readonly UnstampedEvent[];
}

/** Keeps each request inside the model's window. `@baton/tokens` provides strategies. */
export interface ContextEngine {
  /** The request to send: the input's messages, made to fit its budget (and the events saying what was done). */
  prepare(input: ContextEngineInput): Promise<ContextEngineOutput>;
}
