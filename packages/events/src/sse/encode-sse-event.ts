import type { StreamEvent } from "@baton/core";
import { isStreamEventType } from "../protocol/event-types.js";
import { InvalidEventError } from "../protocol/invalid-event-error.js";

/**
 * One event as a Server-Sent Events message: `id: <seq>`, `event: <type>` and the
 * event as one line of JSON. JSON escapes line breaks, and the `id` and `event`
 * lines are checked (integer `seq`, known `type`), so no field can inject lines.
 *
 * @example
 * encodeSseEvent(event); // 'id: 7\nevent: text-delta\ndata: {"type":"text-delta",…}\n\n'
 * @throws InvalidEventError for an unknown type or a seq that is not an integer.
 */
export function encodeSseEvent(event: StreamEvent): string {
  const seq = event.seq;
  const type = event.type;
  if (!Number.isSafeInteger(seq) || !isStreamEventType(type)) {
    throw new InvalidEventError(
      Number.isSafeInteger(seq) ? `unknown event type ${quote(type)}` : `"seq" must be an integer, got ${typeof seq === "string" ? quote(seq) : String(seq)}`,
    );
  }
  return "id: " + seq + "\nevent: " + type + "\ndata: " + JSON.stringify(event) + "\n\n";
}

function quote(value: unknown): string {
  const text = String(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

/** Several events as one string of SSE messages (one write instead of many). */
export function encodeSseEvents(events: readonly StreamEvent[]): string {
  let text = "";
  for (let i = 0; i < events.length; i++) text += encodeSseEvent(events[i] as StreamEvent);
  return text;
}

/** The SSE comment sent to keep idle connections (and proxies) open. */
export const SSE_HEARTBEAT = ": heartbeat\n\n";
