import type { StreamEvent, StreamEventType } from "@baton/core";

/**
 * Every event type, keyed so that the compiler fails here when core's
 * `StreamEvent` union gains or loses a type.
 */
const TYPE_TABLE: Readonly<Record<StreamEventType, true>> = {
  "run-start": true,
  "run-end": true,
  "step-start": true,
  "step-end": true,
  "text-delta": true,
  "reasoning-delta": true,
  "tool-call": true,
  "tool-start": true,
  "tool-progress": true,
  "tool-stream": true,
  "tool-done": true,
  "tool-error": true,
  "tool-interrupted": true,
  usage: true,
  "context-trimmed": true,
  "context-overflow": true,
  "context-summarized": true,
  "plan-updated": true,
  handoff: true,
  "loop-detected": true,
  "budget-exceeded": true,
  error: true,
  message: true,
};

/**
 * The `type` of every {@link StreamEvent} of the event protocol (version
 * `EVENT_PROTOCOL_VERSION` of `@baton/core`), in a fixed order.
 *
 * @example
 * STREAM_EVENT_TYPES.includes("text-delta"); // true
 */
export const STREAM_EVENT_TYPES: readonly StreamEventType[] = Object.freeze(Object.keys(TYPE_TABLE) as StreamEventType[]);

const TYPE_SET: ReadonlySet<string> = new Set(STREAM_EVENT_TYPES);

/**
 * Whether `value` is the `type` of a known stream event.
 *
 * @example
 * isStreamEventType("tool-done"); // true
 * isStreamEventType("ping"); // false
 */
export function isStreamEventType(value: unknown): value is StreamEventType {
  return typeof value === "string" && TYPE_SET.has(value);
}

/**
 * What keeps `value` from being a {@link StreamEvent}, as a short sentence, or
 * `undefined` when it is one. Checks the envelope every event carries: an object
 * with a known `type`, string `runId` and `agentPath`, an integer `seq` > 0, a
 * finite `contentIndex` >= 0 and a finite `timestamp`. The type-specific fields are
 * not checked (a newer producer may add fields; readers ignore what they do not know).
 *
 * @example
 * streamEventIssue({ type: "ping" }); // 'unknown event type "ping"'
 */
export function streamEventIssue(value: unknown): string | undefined {
  const issue = eventEnvelopeIssue(value);
  if (issue !== undefined) return issue;
  const type = (value as { type: string }).type;
  return TYPE_SET.has(type) ? undefined : `unknown event type ${JSON.stringify(type)}`;
}

/**
 * What is wrong with the envelope of `value` (as {@link streamEventIssue}) without
 * requiring a known `type`: any non-empty string will do. A reader uses it to skip the
 * event types of a newer protocol version while still refusing malformed data.
 */
export function eventEnvelopeIssue(value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return `expected an event object, got ${kindOf(value)}`;
  const event = value as Record<string, unknown>;
  const type = event.type;
  if (typeof type !== "string" || type.length === 0) return `"type" must be a non-empty string, got ${kindOf(type)}`;
  if (typeof event.runId !== "string") return `"runId" must be a string, got ${kindOf(event.runId)}`;
  if (typeof event.agentPath !== "string") return `"agentPath" must be a string, got ${kindOf(event.agentPath)}`;
  const seq = event.seq;
  if (typeof seq !== "number" || !Number.isSafeInteger(seq) || seq <= 0) return `"seq" must be an integer > 0, got ${kindOf(seq)}`;
  const contentIndex = event.contentIndex;
  if (typeof contentIndex !== "number" || !Number.isFinite(contentIndex) || contentIndex < 0) {
    return `"contentIndex" must be a finite number >= 0, got ${kindOf(contentIndex)}`;
  }
  const timestamp = event.timestamp;
  if (typeof timestamp !== "number" || !Number.isFinite(timestamp)) return `"timestamp" must be a finite number, got ${kindOf(timestamp)}`;
  return undefined;
}

/**
 * Whether `value` is a {@link StreamEvent}: see {@link streamEventIssue} for what
 * is checked. Use it on events that crossed a process boundary.
 *
 * @example
 * const value: unknown = JSON.parse(line);
 * if (isStreamEvent(value) && value.type === "text-delta") render(value.text);
 */
export function isStreamEvent(value: unknown): value is StreamEvent {
  return streamEventIssue(value) === undefined;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "number") return String(value);
  if (value === undefined) return "nothing";
  return typeof value;
}
