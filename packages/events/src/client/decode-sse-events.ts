import { checkOptions, type StreamEvent } from "@baton/core";
import { createParser, type EventSourceMessage, type ParseError } from "eventsource-parser";
import { eventEnvelopeIssue, isStreamEventType, streamEventIssue } from "../protocol/event-types.js";
import { SseDecodeError } from "./sse-decode-error.js";
import { DECODE_SSE_RULES } from "./client-option-rules.js";

/** Options of {@link decodeSseEvents}. */
export interface DecodeSseOptions {
  /** Called with each SSE comment (such as the server's heartbeats). */
  readonly onComment?: (comment: string) => void;
  /** Called when the server sends a `retry:` reconnection delay, in ms. */
  readonly onRetry?: (retryMs: number) => void;
  /**
   * Most characters the decoder buffers while a message is incomplete (it arrives in
   * pieces); more ends the stream with an `SseDecodeError`. Default 32 MiB.
   */
  readonly maxMessageSize?: number;
  /**
   * Called with a well-formed event whose type this version does not know (a newer
   * server may add event types); such events are skipped. With `strict`, they end the
   * stream with an `SseDecodeError` instead.
   */
  readonly onUnknownEvent?: (event: Readonly<Record<string, unknown>>) => void;
  /** Refuse event types this version does not know. Default false. */
  readonly strict?: boolean;
}

/** Default bound on one buffered SSE message, in characters. */
export const DEFAULT_MAX_MESSAGE_SIZE = 32 * 1024 * 1024;

/**
 * Decodes a Server-Sent Events body (a fetch `Response.body`, or any async iterable
 * of bytes or text) into Baton stream events. Browser-safe.
 *
 * Every message must carry one JSON stream event in `data`; its `event:` name (when
 * present) must equal the event's `type`, and its `id:` (when present) must equal the
 * event's `seq`. Events of a type this version does not know are skipped (reported to
 * `onUnknownEvent`), as the protocol asks of readers, unless `strict` is set. Anything else ends the iteration with
 * an {@link SseDecodeError} naming the problem, after the valid events before it.
 * Comments (heartbeats) are skipped. Leaving the loop early cancels the body.
 *
 * @example
 * const response = await fetch("/runs/1/events", { headers: { accept: "text/event-stream" } });
 * for await (const event of decodeSseEvents(response.body!)) {
 *   if (event.type === "text-delta") output.append(event.text);
 * }
 */
export async function* decodeSseEvents(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>,
  options: DecodeSseOptions = {},
): AsyncGenerator<StreamEvent, void, undefined> {
  checkOptions("decodeSseEvents", options, DECODE_SSE_RULES);
  let decoded: StreamEvent[] = [];
  let failure: SseDecodeError | undefined;
  const maxSize = options.maxMessageSize ?? DEFAULT_MAX_MESSAGE_SIZE;
  const parser = createParser({
    onEvent: (message) => {
      if (failure !== undefined) return;
      const result = decodeMessage(message, options.strict === true);
      if (SseDecodeError.isInstance(result)) failure = result;
      else if (isStreamEventType(result.type)) decoded.push(result as unknown as StreamEvent);
      else options.onUnknownEvent?.(result);
    },
    onError: (error: ParseError) => {
      // Unknown fields and bad `retry:` values are ignored, as the SSE standard says.
      if (error.type === "max-buffer-size-exceeded" && failure === undefined) {
        failure = new SseDecodeError("stream-too-large", `an incomplete message grew past ${maxSize} characters`, error.line ?? "", { cause: error });
      }
    },
    ...(options.onComment === undefined ? {} : { onComment: options.onComment }),
    ...(options.onRetry === undefined ? {} : { onRetry: options.onRetry }),
    maxBufferSize: maxSize,
  });
  const textDecoder = new TextDecoder();
  const chunks = readChunks(body);
  try {
    for (;;) {
      const step = await chunks.next();
      if (step.done === true) break;
      const chunk = step.value;
      parser.feed(typeof chunk === "string" ? chunk : textDecoder.decode(chunk, { stream: true }));
      if (decoded.length > 0) {
        const ready = decoded;
        decoded = [];
        for (let i = 0; i < ready.length; i++) yield ready[i] as StreamEvent;
      }
      if (failure !== undefined) throw failure;
    }
    const rest = textDecoder.decode();
    if (rest !== "") parser.feed(rest);
    for (const event of decoded) yield event;
    if (failure !== undefined) throw failure;
  } finally {
    await chunks.return?.();
  }
}

/** One SSE message as an event (possibly of an unknown type), or the error saying why it is not one. */
function decodeMessage(message: EventSourceMessage, strict: boolean): EnvelopedEvent | SseDecodeError {
  const { data, id, event: name } = message;
  const where = { id, event: name };
  if (strict && name !== undefined && !isStreamEventType(name)) {
    return new SseDecodeError("unknown-event-type", `unknown event type ${JSON.stringify(name)} in the "event:" line`, data, where);
  }
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (error) {
    return new SseDecodeError("invalid-json", `the data of an event is not valid JSON (${(error as Error).message})`, data, { ...where, cause: error });
  }
  const issue = strict ? streamEventIssue(value) : eventEnvelopeIssue(value);
  if (issue !== undefined) {
    const unknownType = issue.startsWith("unknown event type");
    return new SseDecodeError(unknownType ? "unknown-event-type" : "not-an-event", `the data is not a Baton stream event: ${issue}`, data, where);
  }
  const event = value as EnvelopedEvent;
  if (name !== undefined && name !== event.type) {
    return new SseDecodeError(
      "type-mismatch",
      `the "event:" line says ${JSON.stringify(name)} but the data's type is ${JSON.stringify(event.type)}`,
      data,
      where,
    );
  }
  if (id !== undefined && id !== String(event.seq)) {
    return new SseDecodeError("id-mismatch", `the "id:" line says ${JSON.stringify(id)} but the data's seq is ${event.seq}`, data, where);
  }
  return event;
}

/** An event whose envelope is valid; its type may be one this version does not know. */
type EnvelopedEvent = Readonly<Record<string, unknown>> & { readonly type: string; readonly seq: number };

/** Reads a ReadableStream through its reader (browsers without stream iteration), or iterates. */
function readChunks(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>): AsyncIterator<Uint8Array | string> {
  if (typeof (body as ReadableStream<Uint8Array>).getReader !== "function") return (body as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
  const reader = (body as ReadableStream<Uint8Array>).getReader();
  let finished = false;
  return {
    next: async () => {
      const step = await reader.read();
      if (step.done) {
        finished = true;
        return { value: undefined, done: true };
      }
      return { value: step.value, done: false };
    },
    return: async () => {
      if (!finished) {
        finished = true;
        await reader.cancel().catch(() => undefined);
      }
      reader.releaseLock();
      return { value: undefined, done: true };
    },
  };
}
