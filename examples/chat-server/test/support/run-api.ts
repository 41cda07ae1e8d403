import { decodeSseEvents } from "@baton/events/client";
import type { StreamEvent } from "@baton/sdk";

/** Summary of a finished run, as `GET /api/runs/:id` gives it. */
export interface RunStatus {
  readonly runId: string;
  readonly done: boolean;
  readonly result?: {
    readonly stopReason: string;
    readonly text: string;
    readonly iterations: number;
    readonly toolCallCount: number;
    readonly usage: { readonly inputTokens: number; readonly outputTokens: number; readonly costUsd?: number; readonly calls: number };
  };
}

/** `POST /api/runs` with `{ message }`; returns the run id. */
export async function postRun(baseUrl: string, message: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/runs`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message }) });
  if (response.status !== 201) throw new Error(`POST /api/runs answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { runId: string }).runId;
}

/** `GET /api/runs/:id`. */
export async function runStatus(baseUrl: string, runId: string): Promise<RunStatus> {
  const response = await fetch(`${baseUrl}/api/runs/${runId}`);
  if (!response.ok) throw new Error(`GET /api/runs/${runId} answered ${response.status}`);
  return (await response.json()) as RunStatus;
}

/** Polls `GET /api/runs/:id` until the run is done; returns its status. */
export async function waitForRunEnd(baseUrl: string, runId: string, timeoutMs = 15_000): Promise<RunStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await runStatus(baseUrl, runId);
    if (status.done) return status;
    if (Date.now() > deadline) throw new Error(`Run ${runId} did not end within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Options of {@link readRunEvents}. */
export interface ReadRunEventsOptions {
  /** Sent as `Last-Event-ID`. */
  readonly lastEventId?: number;
  /** Stop reading (and drop the connection) after this many events. */
  readonly limit?: number;
}

/**
 * Reads run `runId`'s event stream with `fetch` and `decodeSseEvents` (the
 * browser client's decoder, here in Node) until it ends, or until `limit` events,
 * when the connection is dropped as a broken network would.
 */
export async function readRunEvents(baseUrl: string, runId: string, options: ReadRunEventsOptions = {}): Promise<StreamEvent[]> {
  const controller = new AbortController();
  const headers: Record<string, string> = options.lastEventId === undefined ? {} : { "last-event-id": String(options.lastEventId) };
  const response = await fetch(`${baseUrl}/api/runs/${runId}/events`, { headers, signal: controller.signal });
  if (response.status !== 200 || response.body === null) throw new Error(`GET events answered ${response.status}: ${await response.text()}`);
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) throw new Error(`Not an event stream: ${response.headers.get("content-type")}`);
  const events: StreamEvent[] = [];
  try {
    for await (const event of decodeSseEvents(response.body)) {
      events.push(event);
      if (options.limit !== undefined && events.length >= options.limit) break;
    }
  } finally {
    controller.abort();
  }
  return events;
}
