import type { FinishReason, ModelRequest, TokenUsage } from "@baton/core";

/**
 * One scripted reasoning ("thinking") block.
 *
 * @example
 * { text: ["Let me ", "think."], id: "rs_1", signature: "sig-abc" }
 */
export interface ScriptedReasoningBlock {
  /** The reasoning text; an array streams one `reasoning-delta` part per chunk. */
  readonly text: string | readonly string[];
  /** Block id put on every part of the block. */
  readonly id?: string;
  /** Sent on a last part with empty text, as providers do. */
  readonly signature?: string;
  /** Redacted or encrypted reasoning payload, sent on the block's first part. */
  readonly redactedData?: string;
}

/**
 * A tool call the scripted model asks for.
 *
 * @example
 * { name: "search", arguments: { query: "baton" } }
 * { name: "search", rawArguments: "{not json" } // to test malformed arguments
 */
export interface ScriptedToolCall {
  /** Name of the tool to call. */
  readonly name: string;
  /** Arguments, sent as `JSON.stringify(arguments)`. Default `{}`. */
  readonly arguments?: unknown;
  /** Argument text sent verbatim (wins over `arguments`); use it to script malformed JSON. */
  readonly rawArguments?: string;
  /** Tool-call id. Default `call_<callIndex>_<i>` (0-based model call index, 0-based call position). */
  readonly id?: string;
}

/**
 * One scripted model turn, written out as an object. Every field is optional: `{}`
 * is an empty answer that finishes with `stop`.
 *
 * Stream order: reasoning parts, text parts, tool-call parts, `usage`, `finish`.
 */
export interface ScriptedTurnObject {
  /** The answer text; an array streams one `text-delta` part per chunk. */
  readonly text?: string | readonly string[];
  /** Reasoning before the answer: a string, one block, or several blocks (give them ids to keep them apart). */
  readonly reasoning?: string | ScriptedReasoningBlock | readonly (string | ScriptedReasoningBlock)[];
  /** Tool calls; each is streamed as two `tool-call-delta` parts (see the README). */
  readonly toolCalls?: readonly ScriptedToolCall[];
  /** Usage to report; missing fields get the deterministic defaults. */
  readonly usage?: Partial<TokenUsage>;
  /** Finish reason. Default `tool_calls` when there are tool calls, else `stop`. */
  readonly finishReason?: FinishReason;
  /** Milliseconds to wait before the first part. */
  readonly delayMs?: number;
  /** Milliseconds to wait between parts. */
  readonly chunkDelayMs?: number;
  /**
   * Thrown instead of finishing (no `usage` or `finish` part). A string is wrapped in
   * a `ProviderError`; anything else is thrown as is.
   */
  readonly error?: unknown;
  /**
   * Emit this many parts first, then throw `error` (a `ProviderError` when no `error`
   * is given). Default: all reasoning, text and tool-call parts.
   */
  readonly errorAfterParts?: number;
}

/** A static turn: a plain text answer, or a {@link ScriptedTurnObject}. */
export type ScriptedReply = string | ScriptedTurnObject;

/**
 * A turn computed from the request, called when the model call happens. `callIndex`
 * is the 0-based index of the model call. A turn object it returns is compiled the
 * first time and reused when the function returns the same object again (so a script
 * can pick among prepared turns cheaply): return a new object for a changed turn.
 *
 * @example
 * (request) => `I saw ${request.messages.length} messages`
 */
export type ScriptedTurnFunction = (request: ModelRequest, callIndex: number) => ScriptedReply;

/** One entry of a script: a string, a turn object, or a function of the request. */
export type ScriptedTurn = ScriptedReply | ScriptedTurnFunction;
