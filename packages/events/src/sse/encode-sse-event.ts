import type { ErrorEvent, StreamEvent } from "@baton/core";
import { isStreamEventType } from "../protocol/event-types.js";
import { InvalidEventError } from "../protocol/invalid-event-error.js";

/**
 * One event as a Server-Sent Events message: `id: <seq>`, `event: <type>` and the
 * event as one line of JSON. JSON escapes line breaks, and the `id` and `event`
 * lines are checked (integer `seq`, known `type`), so no field can inject lines.
 *
 * An event that cannot be written as JSON (a `tool-done` whose `result` holds a
 * `BigInt` or a circular object, a `toJSON` that throws) is sent as an `error` event
 * in its place, with the same `seq`, `runId`, `agentPath`, `contentIndex` and
 * `timestamp`, and `error.code` `INVALID_EVENT` (`details.type` is the original type):
 * see {@link unencodableEventPlaceholder}. The stream keeps its `seq` sequence. A
 * `run-end` stays a `run-end`, since a stream ends with it: a `BigInt` in it is written
 * as a string of its digits and a circular reference as `"[Circular]"`.
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
  let data: string | undefined;
  try {
    data = type === "text-delta" ? (textDeltaJson(event) ?? JSON.stringify(event)) : (JSON.stringify(event) as string | undefined);
  } catch (error) {
    const ending = type === "run-end" ? lenientJson(event) : undefined;
    if (ending !== undefined) return `id: ${seq}\nevent: run-end\ndata: ${ending}\n\n`;
    return encodePlaceholder(event, `it cannot be written as JSON (${reasonOf(error)})`);
  }
  if (typeof data !== "string") return encodePlaceholder(event, "it cannot be written as JSON");
  return `id: ${seq}\nevent: ${type}\ndata: ${data}\n\n`;
}

/** The keys of a text delta as the loop makes it, in order. */
const TEXT_DELTA_KEYS = ["type", "text", "runId", "agentPath", "seq", "contentIndex", "timestamp"] as const;

/** The last run id and agent path written, and their JSON (a stream's events share them). */
let lastRunId = "";
let lastRunIdJson = '""';
let lastAgentPath = "";
let lastAgentPathJson = '""';

/**
 * The JSON of a text delta, written here rather than by `JSON.stringify` (which takes
 * about three quarters of a microsecond an event on Node 20, and a stream is mostly
 * text deltas): the same text as `JSON.stringify` gives, for a plain object with
 * exactly the keys the loop gives a text delta, in its order, each of the expected
 * kind. Any other object (an extra key, another order, a getter's odd value) returns
 * `undefined` and is written by `JSON.stringify`.
 */
function textDeltaJson(event: StreamEvent): string | undefined {
  if (Object.getPrototypeOf(event) !== Object.prototype) return undefined;
  let count = 0;
  for (const key in event) if (key !== TEXT_DELTA_KEYS[count++]) return undefined;
  if (count !== TEXT_DELTA_KEYS.length) return undefined;
  const { text, runId, agentPath, contentIndex, timestamp } = event as Extract<StreamEvent, { type: "text-delta" }>;
  if (typeof text !== "string" || typeof runId !== "string" || typeof agentPath !== "string" || !Number.isFinite(contentIndex) || !Number.isFinite(timestamp))
    return undefined;
  if (runId !== lastRunId) {
    lastRunIdJson = JSON.stringify(runId);
    lastRunId = runId;
  }
  if (agentPath !== lastAgentPath) {
    lastAgentPathJson = JSON.stringify(agentPath);
    lastAgentPath = agentPath;
  }
  return `{"type":"text-delta","text":${JSON.stringify(text)},"runId":${lastRunIdJson},"agentPath":${lastAgentPathJson},"seq":${event.seq},"contentIndex":${contentIndex},"timestamp":${timestamp}}`;
}

/**
 * A `run-end` stays a `run-end` (a stream must end with the root's): its values that
 * JSON cannot hold are written as strings instead, a `BigInt` as its digits and an
 * object met again (a circular reference) as `"[Circular]"`. `undefined` when even
 * that fails (a `toJSON` that throws).
 */
function lenientJson(event: StreamEvent): string | undefined {
  const seen = new WeakSet<object>();
  try {
    const text = JSON.stringify(event, (_key, value: unknown) => {
      if (typeof value === "bigint") return value.toString();
      if (typeof value === "object" && value !== null) {
        if (seen.has(value)) return "[Circular]";
        seen.add(value);
      }
      return value;
    }) as string | undefined;
    return typeof text === "string" ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `error` event sent instead of an event that cannot be encoded: same `seq`,
 * `runId`, `agentPath`, `contentIndex` and `timestamp` as `event`, and an `error`
 * with code `INVALID_EVENT`, a message saying why, and `details` `{ issue, type, seq }`
 * (`type` is the original event's type).
 *
 * @example
 * unencodableEventPlaceholder(toolDone, "it cannot be written as JSON");
 * // { type: "error", seq: toolDone.seq, …, error: { code: "INVALID_EVENT", details: { type: "tool-done", … } } }
 */
export function unencodableEventPlaceholder(event: StreamEvent, issue: string): ErrorEvent {
  const source = event as unknown as Record<string, unknown>;
  const type = typeof source.type === "string" ? source.type.slice(0, 60) : String(typeof source.type);
  const seq = source.seq as number;
  const text = `event ${seq} (${type}) was replaced: ${issue}`;
  const error = new InvalidEventError(text).toJSON();
  return {
    type: "error",
    runId: typeof source.runId === "string" ? source.runId : "",
    agentPath: typeof source.agentPath === "string" ? source.agentPath : "",
    seq,
    contentIndex: typeof source.contentIndex === "number" && Number.isFinite(source.contentIndex) && source.contentIndex >= 0 ? source.contentIndex : 0,
    timestamp: typeof source.timestamp === "number" && Number.isFinite(source.timestamp) ? source.timestamp : Date.now(),
    error: { ...error, details: { issue: text, type, seq } },
  };
}

function encodePlaceholder(event: StreamEvent, issue: string): string {
  const placeholder = unencodableEventPlaceholder(event, issue);
  return `id: ${placeholder.seq}\nevent: error\ndata: ${JSON.stringify(placeholder)}\n\n`;
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

function quote(value: unknown): string {
  const text = String(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

/**
 * Several events as one string of SSE messages (one write instead of many), encoded
 * one by one: an event that cannot be written as JSON becomes its `error`
 * placeholder (as in {@link encodeSseEvent}) and the others are encoded as usual.
 *
 * @throws InvalidEventError for an event with an unknown type or a seq that is not an integer.
 */
export function encodeSseEvents(events: readonly StreamEvent[]): string {
  let text = "";
  for (let i = 0; i < events.length; i++) text += encodeSseEvent(events[i] as StreamEvent);
  return text;
}

/** What {@link encodeSseBatch} made: the text of the events it could encode, and the error that stopped it. Internal. */
export interface EncodedBatch {
  readonly text: string;
  readonly failure?: { readonly error: unknown };
}

/**
 * `first` and `rest` as SSE messages, event by event. Stops at an event that is not
 * a stream event at all (unknown type, `seq` not an integer: it has no place in the
 * stream), returning the text of the events before it so they still go out. Internal.
 */
export function encodeSseBatch(first: StreamEvent, rest: readonly StreamEvent[]): EncodedBatch {
  let text = "";
  try {
    text = encodeSseEvent(first);
    for (let i = 0; i < rest.length; i++) text += encodeSseEvent(rest[i] as StreamEvent);
  } catch (error) {
    return { text, failure: { error } };
  }
  return { text };
}

/** The SSE comment sent to keep idle connections (and proxies) open. */
export const SSE_HEARTBEAT = ": heartbeat\n\n";
