import type { Message } from "../messages/index.js";
import type { ModelPricing, TokenUsage } from "../usage/index.js";
import type { JsonSchema } from "../tools/json-schema.js";
import type { RetryListener } from "./retry-policy.js";

/** A tool as the model sees it: a name, a description and a JSON Schema for its arguments. */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  /** JSON Schema (an object schema) of the arguments. */
  readonly parameters: JsonSchema;
}

/**
 * How the model may use tools: `auto` (its choice), `none` (no tools),
 * `required` (at least one call), or one named tool.
 */
export type ToolChoice = "auto" | "none" | "required" | { readonly type: "tool"; readonly name: string };

/** Everything one model call needs. */
export interface ModelRequest {
  /** The provider's model id, for example `gpt-4.1` or `claude-sonnet-4-5`. */
  readonly model: string;
  /**
   * The conversation so far, system prompt first. Read it during the call; the loop
   * appends the next turns to this same array afterwards (a long run does not copy its
   * history for every call), so a provider that keeps messages past its call keeps a
   * copy (`messages.slice()`).
   */
  readonly messages: readonly Message[];
  /** Tools offered this turn; absent or empty when no tools are sent. */
  readonly tools?: readonly ToolDefinition[];
  readonly toolChoice?: ToolChoice;
  /** Whether the model may emit several tool calls in one turn. */
  readonly parallelToolCalls?: boolean;
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
  /** Aborting it cancels the call (and the HTTP request behind it). */
  readonly signal?: AbortSignal;
  /**
   * Called before each retry the provider makes of this call (with the failure, the
   * retry number and the wait): an adapter built on `streamWithRetries` passes it on,
   * after its own `onRetry` option (see `joinRetryListeners`). The loop sets it only
   * when the run has a `logger`.
   */
  readonly onRetry?: RetryListener;
}

/**
 * Why the model stopped: it finished (`stop`), asked for tools (`tool_calls`), hit
 * the output limit (`length`), was filtered or refused (`content_filter`), failed
 * (`error`), or anything else the provider reported (`other`).
 */
export type FinishReason = "stop" | "tool_calls" | "length" | "content_filter" | "error" | "other";

/** A piece of streamed text. */
export interface TextDeltaPart {
  readonly type: "text-delta";
  readonly text: string;
}

/**
 * A piece of streamed reasoning. Parts with the same `id` (or, without ids, the
 * consecutive ones) form one reasoning block; `signature` may arrive on its own,
 * with empty text, at the end of the block.
 */
export interface ReasoningDeltaPart {
  readonly type: "reasoning-delta";
  readonly text: string;
  readonly id?: string;
  readonly signature?: string;
  readonly redactedData?: string;
}

/**
 * A piece of a tool call. Calls are told apart by `index`; `id` and `name` arrive on
 * the first piece of a call, `argumentsDelta` is appended across pieces.
 */
export interface ToolCallDeltaPart {
  readonly type: "tool-call-delta";
  readonly index: number;
  readonly id?: string;
  readonly name?: string;
  readonly argumentsDelta: string;
}

/** Usage reported by the provider; several parts add up. */
export interface UsagePart {
  readonly type: "usage";
  readonly usage: TokenUsage;
}

/** The last part of a stream. */
export interface FinishPart {
  readonly type: "finish";
  readonly reason: FinishReason;
  /** Usage of the whole call, when the provider reports it here. */
  readonly usage?: TokenUsage;
}

/** One part of a model's streamed answer. */
export type ModelStreamPart = TextDeltaPart | ReasoningDeltaPart | ToolCallDeltaPart | UsagePart | FinishPart;

/** What Baton knows about a model: its window, output limit and prices. */
export interface ModelInfo {
  readonly id: string;
  /** Context window in tokens. */
  readonly contextWindow: number;
  /** Maximum output tokens of one call. */
  readonly maxOutputTokens: number;
  readonly pricing?: ModelPricing;
}

/**
 * A model behind one streaming call. Provider adapters implement it; the loop only
 * ever talks to this interface.
 *
 * @example
 * const provider: ModelProvider = {
 *   id: "echo",
 *   async *stream(request) {
 *     yield { type: "text-delta", text: "hello" };
 *     yield { type: "finish", reason: "stop" };
 *   },
 * };
 */
export interface ModelProvider {
  /** A short name for logs, e.g. `openai`. */
  readonly id: string;
  /**
   * Streams one model call. Throws a {@link BatonError} subclass (for example
   * `ProviderError`) for failures; honours `request.signal`.
   */
  stream(request: ModelRequest): AsyncIterable<ModelStreamPart>;
  /** Window, output limit and prices of a model, when known. */
  getModelInfo?(modelId: string): ModelInfo | undefined;
}
