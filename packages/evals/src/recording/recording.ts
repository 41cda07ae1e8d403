import type { ErrorCode, ModelRequest, ModelStreamPart, StreamEvent } from "@baton/core";

/** The `format` field of every recording. */
export const RECORDING_FORMAT = "baton-recording";

/** The format version this package writes and reads. */
export const RECORDING_VERSION = 1;

/**
 * What the run asked the model: the request as the provider received it, without what
 * does not travel (its abort signal, its retry listener). Compared field by field on
 * replay.
 */
export type RecordedRequest = Omit<ModelRequest, "signal" | "onRetry">;

/** An error as recorded: enough to throw the same kind of error again on replay. */
export interface RecordedError {
  /** The error's class name, e.g. `ProviderError`. */
  readonly name: string;
  /** The Baton error code, `PROVIDER_ERROR` for an error that had none. */
  readonly code: ErrorCode;
  readonly message: string;
  readonly retryable: boolean;
}

/** One model call: the request, every streamed part in order, and the error it ended with, if any. */
export interface RecordedModelCall {
  readonly request: RecordedRequest;
  /** The parts the provider streamed (text, reasoning, tool-call deltas, usage, finish), in order. */
  readonly parts: readonly ModelStreamPart[];
  /** Set when the call failed (after the parts before it). */
  readonly error?: RecordedError;
}

/** One tool call: its arguments and what the tool gave back. */
export interface RecordedToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The arguments the tool received (after validation). */
  readonly arguments: unknown;
  /** What the tool returned, when it returned. */
  readonly result?: unknown;
  /** The values a streaming tool yielded before its result, in order (absent for a tool that returns a value). */
  readonly streamed?: readonly unknown[];
  /** Set when the tool threw. */
  readonly error?: RecordedError;
}

/**
 * A run written down: every model call (request, streamed parts, error) and every tool
 * call (arguments, result or error) in the order they happened, and the run's events.
 * JSON: write it with `JSON.stringify`, read it back with `readRecording`.
 */
export interface Recording {
  readonly format: typeof RECORDING_FORMAT;
  readonly version: typeof RECORDING_VERSION;
  /** When the recording was made (ISO 8601). */
  readonly recordedAt: string;
  readonly modelCalls: readonly RecordedModelCall[];
  readonly toolCalls: readonly RecordedToolCall[];
  /** The run's events, in order (those the recorder's `onEvent` received). */
  readonly events: readonly StreamEvent[];
}
