/**
 * Content parts: the typed pieces a message is made of. Every part is a
 * discriminated union member with a `type` field, so code can `switch` on it.
 */

/** Plain text written by a user, a model or the application. */
export interface TextPart {
  readonly type: "text";
  readonly text: string;
}

/**
 * An image given to the model, either inline (base64 `data`) or by `url`.
 * Exactly one of `data` or `url` is set.
 */
export interface ImagePart {
  readonly type: "image";
  /** IANA media type, for example `image/png`. */
  readonly mediaType: string;
  /** Base64-encoded bytes, when the image is sent inline. */
  readonly data?: string;
  /** A URL the provider can fetch, when the image is not inline. */
  readonly url?: string;
  /** Pixel size when known; token engines use it to cost the image. */
  readonly width?: number;
  readonly height?: number;
}

/**
 * Model reasoning ("thinking"). Providers that require reasoning to be sent back
 * (Anthropic thinking blocks, Gemini thought signatures, OpenAI encrypted
 * reasoning) need the `id` and `signature` exactly as received.
 */
export interface ReasoningPart {
  readonly type: "reasoning";
  readonly text: string;
  /** The provider's id for this reasoning block, when it has one. */
  readonly id?: string;
  /** An opaque signature the provider checks when the reasoning is replayed. */
  readonly signature?: string;
  /** Redacted or encrypted reasoning payload the provider returns instead of text. */
  readonly redactedData?: string;
}

/** A model's request to run a tool. */
export interface ToolCallPart {
  readonly type: "tool-call";
  /** Id that pairs this call with its {@link ToolResultPart}. */
  readonly toolCallId: string;
  readonly toolName: string;
  /** Parsed arguments (a JSON value); `{}` when the model sent none. */
  readonly arguments: unknown;
  /** The arguments exactly as the model streamed them, when they differ from `JSON.stringify(arguments)` or could not be parsed. */
  readonly rawArguments?: string;
  /**
   * The id the provider gave this call, when the loop renamed it: a model that repeats
   * an id within a turn, or an id already used elsewhere in the run tree, gets a unique
   * `toolCallId`. Adapters send this id (not `toolCallId`) back to the provider.
   */
  readonly providerToolCallId?: string;
}

/** The outcome of one tool call, sent back to the model. */
export interface ToolResultPart {
  readonly type: "tool-result";
  readonly toolCallId: string;
  readonly toolName: string;
  /** A JSON-serialisable result, or the error message when `isError` is true. */
  readonly result: unknown;
  /** True when the tool failed, timed out, was refused or the call was invalid. */
  readonly isError?: boolean;
  /** The provider's id of the call this result answers, when the loop renamed it (see {@link ToolCallPart.providerToolCallId}). */
  readonly providerToolCallId?: string;
}

/** Any content part. */
export type ContentPart = TextPart | ImagePart | ReasoningPart | ToolCallPart | ToolResultPart;
