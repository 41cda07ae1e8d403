import { checkOptions, type StreamEvent } from "@baton/core";
import type { ToUiMessageStreamOptions } from "./to-ui-message-stream-options.js";
import { UiMessageChunkIterator } from "./ui-message-chunk-iterator.js";
import type { UiMessageChunk } from "./ui-message-chunk.js";
import { UI_MESSAGE_STREAM_RESPONSE_RULES } from "../options/option-rules.js";

/**
 * Headers of a UI message stream response, as the AI SDK sends them; the
 * `x-vercel-ai-ui-message-stream: v1` header names the protocol version.
 */
export const UI_MESSAGE_STREAM_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache",
  connection: "keep-alive",
  "x-vercel-ai-ui-message-stream": "v1",
  "x-accel-buffering": "no",
};

/** The last line of a UI message stream. */
export const UI_MESSAGE_STREAM_DONE = "data: [DONE]\n\n";

/** One chunk as a Server-Sent Events message: `data: <json>` and a blank line. */
export function encodeUiMessageChunk(chunk: UiMessageChunk): string {
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** Options of {@link uiMessageStreamResponse}: the response's status and headers, and how events are mapped. */
export interface UiMessageStreamResponseInit extends ToUiMessageStreamOptions {
  readonly status?: number;
  readonly statusText?: string;
  /** Extra headers; a header given here replaces the default of the same name. */
  readonly headers?: ConstructorParameters<typeof Headers>[0];
}

/**
 * A Web `Response` streaming a run to the AI SDK's `useChat` (the default chat
 * transport reads it): the chunks of `toUiMessageStream` as `data: <json>` messages
 * (one write per event), then `data: [DONE]`, with {@link UI_MESSAGE_STREAM_HEADERS}.
 * The body is pulled: events are read only as fast as the client reads, and a client
 * that goes away cancels the body, which releases the events at once (for `stream()`
 * of `@baton/loop`, the run is aborted).
 *
 * @example
 * // app/api/chat/route.ts
 * export async function POST(request: Request) {
 *   const { messages } = await request.json(); // useChat's UIMessages
 *   const parts: { type: string; text?: string }[] = messages.at(-1).parts;
 *   const input = parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
 *   const events = stream({ provider, model: "gpt-4.1", input, signal: request.signal });
 *   return uiMessageStreamResponse(events);
 * }
 */
export function uiMessageStreamResponse(events: AsyncIterable<StreamEvent>, init: UiMessageStreamResponseInit = {}): Response {
  checkOptions("uiMessageStreamResponse", init, UI_MESSAGE_STREAM_RESPONSE_RULES);
  const { status, statusText, headers, ...options } = init;
  const chunks = new UiMessageChunkIterator(events, options);
  const encoder = new TextEncoder();
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const batch = await chunks.nextBatch();
        if (cancelled) return;
        if (batch === undefined) {
          controller.enqueue(encoder.encode(UI_MESSAGE_STREAM_DONE));
          controller.close();
          return;
        }
        if (batch.length > 0) {
          controller.enqueue(encoder.encode(batch.map(encodeUiMessageChunk).join("")));
          return;
        }
      }
    },
    async cancel() {
      cancelled = true;
      await chunks.return();
    },
  });
  const merged = new Headers(UI_MESSAGE_STREAM_HEADERS);
  new Headers(headers).forEach((value, name) => {
    merged.set(name, value);
  });
  return new Response(body, { status: status ?? 200, ...(statusText === undefined ? {} : { statusText }), headers: merged });
}
