import type { IncomingMessage, ServerResponse } from "node:http";
import { checkOptions } from "@baton/core";
import { encodeSseBatch, SSE_HEARTBEAT } from "../sse/encode-sse-event.js";
import { clientErrorAnswer, JSON_CONTENT_TYPE, startFailureAnswer, type ErrorAnswer } from "../sse/error-response.js";
import { openEventReader, type EventBatchReader, type SseSource } from "../sse/sse-source.js";
import { lastEventIdOf } from "../sse/last-event-id.js";
import { SSE_HEADERS } from "../sse/sse-headers.js";
import { DEFAULT_HEARTBEAT_MS, writeTimeoutOf, type SseStreamOptions } from "../sse/sse-stream-options.js";
import { SEND_SSE_RULES } from "./node-option-rules.js";

/** Options of {@link sendSse}. */
export interface SendSseOptions extends SseStreamOptions {
  /**
   * Told when the stream failed: its source threw after the response started (the
   * client sees the stream break and may reconnect), or before (the client got a 500
   * with a JSON body; a `BatonError`'s code and message are shown). With it `sendSse`
   * never rejects for a failing source, so `void sendSse(...)` is safe with a source
   * that can fail, such as a run followed from an event log. Without it `sendSse`
   * rejects with the error (and, before the response started, answers nothing: the
   * caller does).
   */
  readonly onError?: (error: unknown, req: IncomingMessage) => void;
}

/**
 * Streams events to a Node HTTP response as Server-Sent Events, and resolves when
 * the stream ended (the source ended, or the client went away).
 *
 * - Events already queued are written together in one `res.write`; when `write`
 *   reports a full buffer, reading stops until `drain`, so a slow client slows
 *   the run down instead of filling memory.
 * - A `RunSession` (or any `AttachableEventSource`, such as a run followed from an
 *   event log with `RunEventFollower.run(runId)`) is attached with the request's
 *   `Last-Event-ID` (or `lastEventId` query parameter) and detached when the client
 *   disconnects, so the session's disconnect policy applies. A replay that is no
 *   longer possible answers 410, a bad `Last-Event-ID` 400, an unknown run
 *   (`RunNotFoundError`) 404, with a JSON body `{ "error": { code, message } }`.
 * - A client whose socket takes nothing for `writeTimeoutMs` (default 30 s) while a
 *   write waits for `drain` is disconnected, so one client that never reads cannot
 *   stall the other clients of its run for longer than that.
 * - A subscription or an iterable is stopped (`close()` / `return()`) on disconnect.
 * - When the source throws, the response is destroyed (the client sees the stream
 *   break and may reconnect) and the error goes to `options.onError`; without it the
 *   promise rejects with the error. A source that can fail (a run followed from an
 *   event log, whose reads can time out) needs `onError` or a `.catch`: `void
 *   sendSse(...)` would leave the rejection unhandled, which stops Node.
 * - Invalid options reject (a `ConfigurationError`), with `onError` or not.
 *
 * @example
 * import { sendSse } from "@baton/events/node";
 *
 * http.createServer((req, res) => {
 *   const session = sessions.get(idOf(req));
 *   if (!session) return res.writeHead(404).end();
 *   void sendSse(req, res, session, { onError: (error) => console.warn("SSE stream failed:", error) });
 * });
 */
export async function sendSse(req: IncomingMessage, res: ServerResponse, source: SseSource, options: SendSseOptions = {}): Promise<void> {
  checkOptions("sendSse", options, SEND_SSE_RULES);
  writeTimeoutOf(options);
  const { onError } = options;
  let reader: EventBatchReader;
  try {
    reader = await openEventReader(source, lastEventIdOf(req));
  } catch (error) {
    const answer = clientErrorAnswer(error);
    if (answer !== undefined) {
      writeErrorAnswer(res, answer);
      return;
    }
    if (onError === undefined) throw error;
    onError(error, req);
    writeErrorAnswer(res, startFailureAnswer(error));
    return;
  }
  try {
    await writeSse(res, reader, options);
  } catch (error) {
    if (onError === undefined) throw error;
    onError(error, req);
  }
}

/** Ends `res` with an error answer. Internal. */
export function writeErrorAnswer(res: ServerResponse, answer: ErrorAnswer): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  res.writeHead(answer.status, { "content-type": JSON_CONTENT_TYPE, "cache-control": "no-cache" });
  res.end(answer.body);
}

/** Writes `reader` as an event stream until it ends or the client leaves. Internal. */
export async function writeSse(res: ServerResponse, reader: EventBatchReader, options: SseStreamOptions): Promise<void> {
  let writeTimeoutMs: number;
  try {
    writeTimeoutMs = writeTimeoutOf(options);
  } catch (error) {
    reader.close();
    throw error;
  }
  if (res.destroyed || res.writableEnded) {
    reader.close();
    return;
  }
  let open = true;
  let wake: (() => void) | undefined;
  const onClose = (): void => {
    open = false;
    reader.close();
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const onDrain = (): void => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  res.on("close", onClose);
  res.on("drain", onDrain);
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const heartbeat =
    heartbeatMs > 0
      ? setInterval(() => {
          if (open && !res.writableNeedDrain) res.write(SSE_HEARTBEAT);
        }, heartbeatMs)
      : undefined;
  heartbeat?.unref();

  let failure: { error: unknown } | undefined;
  try {
    res.writeHead(200, options.headers === undefined ? SSE_HEADERS : { ...SSE_HEADERS, ...options.headers });
    res.flushHeaders();
    if (options.retryMs !== undefined) res.write(`retry: ${Math.max(0, Math.floor(options.retryMs))}\n\n`);
    while (open) {
      const step = await reader.next();
      if (step.done === true || !open) break;
      const batch = encodeSseBatch(step.value, reader.takeQueued());
      if (batch.failure !== undefined) {
        if (batch.text !== "") res.write(batch.text);
        throw batch.failure.error;
      }
      if (!res.write(batch.text) && open) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        let timedOut = false;
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (writeTimeoutMs > 0) {
            timer = setTimeout(() => {
              timedOut = true;
              onDrain();
            }, writeTimeoutMs);
          }
        });
        if (timer !== undefined) clearTimeout(timer);
        if (timedOut && open) {
          // The client took nothing for writeTimeoutMs: it is dropped so it stops holding up the run.
          open = false;
          reader.close();
          res.destroy();
        }
      }
    }
  } catch (error) {
    failure = { error };
  } finally {
    if (heartbeat !== undefined) clearInterval(heartbeat);
    res.off("drain", onDrain);
  }
  if (failure !== undefined) {
    res.off("close", onClose);
    reader.close();
    breakResponse(res);
    throw failure.error;
  }
  res.off("close", onClose);
  if (open) res.end();
}

/**
 * Ends a streamed response abnormally, so the client sees the stream break (and may
 * reconnect) rather than a clean end: the connection is closed after the data
 * already written is flushed, without the final chunk.
 */
function breakResponse(res: ServerResponse): void {
  const socket = res.socket;
  if (socket === null || socket.destroyed) {
    res.destroy();
    return;
  }
  socket.end();
}
