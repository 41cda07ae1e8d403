import { BatonError } from "@baton/core";
import { EVENTS_ERROR_CODES } from "../errors/events-error-codes.js";

/** What was wrong with an SSE message, as {@link SseDecodeError.reason}. */
export type SseDecodeProblem = "invalid-json" | "not-an-event" | "unknown-event-type" | "id-mismatch" | "type-mismatch" | "run-mismatch" | "stream-too-large";

const MAX_SHOWN = 200;

/** Cuts text to 200 characters for messages and details. */
export function excerpt(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/**
 * An SSE stream held something that is not a Baton stream event: data that is not
 * JSON, JSON that is not an event, an unknown event name, or an `id:` / `event:`
 * line that disagrees with the event's `seq` / `type`. Code `EVENT_DECODE_ERROR`;
 * `reason` says which, and the message quotes the offending text (cut to 200 characters).
 */
export class SseDecodeError extends BatonError {
  /** The offending text (cut to 200 characters). */
  readonly text: string;

  constructor(
    /** Which check failed. */
    readonly reason: SseDecodeProblem,
    /** What was wrong, in words. */
    problem: string,
    text: string,
    options: { readonly cause?: unknown; readonly id?: string | undefined; readonly event?: string | undefined } = {},
  ) {
    const shown = excerpt(text);
    super(EVENTS_ERROR_CODES.EVENT_DECODE_ERROR, `Invalid Baton event stream: ${problem}. Offending text: ${JSON.stringify(shown)}`, {
      ...(options.cause === undefined ? {} : { cause: options.cause }),
      details: {
        reason,
        text: shown,
        ...(options.id === undefined ? {} : { id: options.id }),
        ...(options.event === undefined ? {} : { event: options.event }),
      },
    });
    this.text = shown;
  }
}
