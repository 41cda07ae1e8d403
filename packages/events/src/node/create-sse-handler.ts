import type { IncomingMessage, ServerResponse } from "node:http";
import { checkOptions, type RunResult, type StreamEvent } from "@baton/core";
import { EventHub } from "../bus/event-hub.js";
import { ReplayUnavailableError } from "../bus/replay-unavailable-error.js";
import { ClientDisconnectedError } from "../session/client-disconnected-error.js";
import type { RunSessionIo } from "../session/run-session.js";
import { clientErrorAnswer, startFailureAnswer, type ErrorAnswer } from "../sse/error-response.js";
import type { EventBatchReader } from "../sse/sse-source.js";
import { lastEventIdOf } from "../sse/last-event-id.js";
import { writeTimeoutOf, type SseStreamOptions } from "../sse/sse-stream-options.js";
import { writeErrorAnswer, writeSse } from "./send-sse.js";
import { SSE_HANDLER_RULES } from "./node-option-rules.js";

/** Starts the run of one request with the given signal and sink. */
export type SseRunStarter = (req: IncomingMessage, io: RunSessionIo) => Promise<RunResult>;

/** Options of {@link createSseHandler}. */
export interface SseHandlerOptions extends SseStreamOptions {
  /** Events queued for the client before the run waits for it. Default 1024. */
  readonly highWaterMark?: number;
  /**
   * Told when a run failed to start (the client got a 500) or its stream failed.
   * Default: logged with `console.error`. The handler itself never rejects.
   */
  readonly onError?: (error: unknown, req: IncomingMessage) => void;
}

/**
 * A Node request handler that starts one run per request and streams its events as
 * SSE. The run is aborted as soon as the client disconnects (no grace period, no
 * resuming: a request with `Last-Event-ID` gets 410, since the run it followed is
 * gone). Response headers are sent with the first event; a run that fails before
 * its first event gets a 500 with a JSON body. A client that takes nothing for
 * `writeTimeoutMs` (default 30 s) is disconnected, which aborts its run. The returned
 * promise resolves when the response ended and the run settled.
 *
 * @example
 * import { createSseHandler } from "@baton/events/node";
 *
 * const handler = createSseHandler((req, { signal, sink }) =>
 *   run({ provider, model: "gpt-4.1", input: inputOf(req), tools, signal, sinks: [sink] }),
 * );
 * http.createServer(handler).listen(3000);
 */
export function createSseHandler(start: SseRunStarter, options: SseHandlerOptions = {}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  checkOptions("createSseHandler", options, SSE_HANDLER_RULES);
  writeTimeoutOf(options); // a bad value fails here, not on the first request
  const report = options.onError ?? ((error: unknown) => console.error("@baton/events: an SSE run failed:", error));
  return async (req, res) => {
    const refusal = refuseResume(req);
    if (refusal !== undefined) {
      writeErrorAnswer(res, refusal);
      return;
    }

    const hub = new EventHub({ replay: 0, ...(options.highWaterMark === undefined ? {} : { highWaterMark: options.highWaterMark }) });
    const controller = new AbortController();
    const subscription = hub.subscribe({
      name: "sse-client",
      onClose: () => controller.abort(new ClientDisconnectedError(undefined, 0)),
    });
    const onEarlyClose = (): void => subscription.close();
    res.once("close", onEarlyClose);

    let started: Promise<RunResult>;
    try {
      started = Promise.resolve(start(req, { signal: controller.signal, sink: hub }));
    } catch (error) {
      started = Promise.reject(error);
    }
    const outcome = started.then(
      () => undefined,
      (error: unknown) => ({ error }),
    );
    void outcome.finally(() => hub.close());

    const first = await subscription.next();
    res.off("close", onEarlyClose);
    if (first.done === true) {
      const failed = await outcome;
      if (failed !== undefined) {
        report(failed.error, req);
        writeErrorAnswer(res, startFailureAnswer(failed.error));
        return;
      }
    }
    try {
      await writeSse(res, first.done === true ? subscription : prepend(first.value, subscription), options);
    } catch (error) {
      report(error, req);
    }
    const failed = await outcome;
    if (failed !== undefined) report(failed.error, req);
  };
}

/** The answer to a request that tries to resume (410) or has a bad Last-Event-ID (400). */
function refuseResume(req: IncomingMessage): ErrorAnswer | undefined {
  let resumeFrom: number | undefined;
  try {
    resumeFrom = lastEventIdOf(req);
  } catch (error) {
    return clientErrorAnswer(error);
  }
  if (resumeFrom === undefined) return undefined;
  const message = `This endpoint starts a new run per request and cannot resume after event ${resumeFrom}.`;
  return clientErrorAnswer(new ReplayUnavailableError(resumeFrom, null, Number.POSITIVE_INFINITY, message));
}

/** `reader` with `event` read first. */
function prepend(event: StreamEvent, reader: EventBatchReader): EventBatchReader {
  let pending: StreamEvent | undefined = event;
  return {
    next: () => {
      if (pending === undefined) return reader.next();
      const value = pending;
      pending = undefined;
      return Promise.resolve({ value, done: false });
    },
    takeQueued: () => reader.takeQueued(),
    close: () => {
      pending = undefined;
      reader.close();
    },
  };
}
