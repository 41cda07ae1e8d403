import type { StreamEvent } from "@baton/core";

/** Options of `toUiMessageStream` and `uiMessageStreamResponse`. */
export interface ToUiMessageStreamOptions {
  /** Id of the assistant message, sent in the `start` chunk. Default: the run id. */
  readonly messageId?: string;
  /** Send the `start` chunk (turn off when merging several streams into one message). Default true. */
  readonly sendStart?: boolean;
  /** Send the `finish` chunk (turn off when merging several streams into one message). Default true. */
  readonly sendFinish?: boolean;
  /** Send the root agent's reasoning (and keep nested agents' reasoning). Default true. */
  readonly sendReasoning?: boolean;
  /**
   * Send tool calls as the AI SDK's dynamic tool parts (`dynamic-tool`, named by
   * `toolName`) instead of typed `tool-<name>` parts. Default false.
   */
  readonly dynamicTools?: boolean;
  /**
   * Forward events that have no chunk of their own (tool start, tool stream chunks,
   * usage, context changes, handoffs, loop detection, budgets, reported errors, nested
   * agents' deltas and steps) as transient `data-baton-event` parts. Default true.
   */
  readonly forwardEvents?: boolean;
  /**
   * The events are those of a resumed run (`run({ resume, decisions })`) whose earlier
   * stream the client already shows, and they continue that message (as `useChat`
   * continues the last assistant message after a tool approval). The resumed step
   * announces its tool calls again; with this option those repeated `tool-call`s add no
   * tool part, so the results update the parts the client has (an `approval-requested`
   * part becomes `output-available`). Default false.
   *
   * @example
   * const events = stream({ ...agent, resume: savedState, decisions: { call_1: { approve: true } } });
   * return uiMessageStreamResponse(events, { resumed: true });
   */
  readonly resumed?: boolean;
  /**
   * The text shown for an error: a Baton `SerializedError` (tool errors, run errors)
   * or whatever the event source threw. Default: the error's message. Use it to hide
   * internal details from end users.
   */
  readonly errorText?: (error: unknown) => string;
  /**
   * Message metadata for an event, as in the AI SDK: a value returned for the root
   * agent's `run-start` goes into the `start` chunk, for its `run-end` into the
   * `finish` chunk, and for any other event into a `message-metadata` chunk.
   * `undefined` sends nothing.
   *
   * @example
   * messageMetadata: (event) => (event.type === "run-end" ? { usage: event.usage } : undefined)
   */
  readonly messageMetadata?: (event: StreamEvent) => unknown;
}
