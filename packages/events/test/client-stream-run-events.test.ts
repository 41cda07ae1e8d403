import { afterEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { SseConnectionError, SseDecodeError, SseHttpError, streamRunEvents } from "../src/client/index.js";
import { encodeSseEvent, encodeSseEvents, SSE_HEADERS } from "../src/index.js";
import { collect, seqs, startServer, type TestServer } from "./support/sse-test-server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const base = { runId: "run-a", contentIndex: 0, timestamp: 1 };
const delta = (seq: number, runId = "run-a"): StreamEvent => ({ ...base, runId, type: "text-delta", text: `t${seq}`, agentPath: "main", seq });
const runEnd = (seq: number, agentPath = "main"): StreamEvent => ({
  ...base,
  type: "run-end",
  agentPath,
  seq,
  stopReason: "completed",
  text: "",
  iterations: 1,
  toolCallCount: 0,
  usage: {} as never,
});

async function failure(iterable: AsyncIterable<StreamEvent>): Promise<{ events: StreamEvent[]; error: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of iterable) events.push(event);
  } catch (error) {
    return { events, error };
  }
  throw new Error("expected the stream to fail");
}

describe("streamRunEvents", () => {
  it("stops at the root agent's run-end, not at a sub-agent's", async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, SSE_HEADERS);
      res.write(encodeSseEvents([delta(1), runEnd(2, "main/researcher#1"), delta(3), runEnd(4), delta(5)]));
      // the response stays open: the client must stop by itself
    });
    expect(seqs(await collect(streamRunEvents(server.url)))).toEqual([1, 2, 3, 4]);
  });

  it("reconnects after a clean end without run-end, skipping events it already has", async () => {
    let calls = 0;
    server = await startServer((req, res) => {
      calls++;
      res.writeHead(200, SSE_HEADERS);
      if (calls === 1) return res.end(encodeSseEvents([delta(1), delta(2)]));
      expect(req.headers["last-event-id"]).toBe("2");
      // a server that replays too much: the client drops what it has
      res.end(encodeSseEvents([delta(1), delta(2), delta(3), runEnd(4)]));
    });
    expect(seqs(await collect(streamRunEvents(server.url, { retryDelayMs: 1 })))).toEqual([1, 2, 3, 4]);
    expect(calls).toBe(2);
  });

  it("uses the server's retry hint as the reconnect delay and sends custom headers", async () => {
    const started: number[] = [];
    server = await startServer((req, res) => {
      started.push(performance.now());
      expect(req.headers.authorization).toBe("Bearer t0k3n");
      expect(req.headers.accept).toBe("text/event-stream");
      res.writeHead(200, SSE_HEADERS);
      res.end(started.length === 1 ? `retry: 60\n\n${encodeSseEvent(delta(1))}` : encodeSseEvent(runEnd(2)));
    });
    expect(seqs(await collect(streamRunEvents(server.url, { headers: { authorization: "Bearer t0k3n" } })))).toEqual([1, 2]);
    expect((started[1] as number) - (started[0] as number)).toBeGreaterThanOrEqual(55);
  });

  it("gives up with SseConnectionError after maxRetries reconnects without progress", async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, SSE_HEADERS);
      res.end(encodeSseEvent(delta(1)));
    });
    const { events, error } = await failure(streamRunEvents(server.url, { maxRetries: 2, retryDelayMs: 1 }));
    expect(seqs(events)).toEqual([1]);
    expect(server.requests).toHaveLength(3); // the first one made progress, then 2 reconnects without any
    expect(error).toBeInstanceOf(SseConnectionError);
    expect(error).toMatchObject({ code: "CONNECTION_LOST", retryable: true, attempts: 3, lastEventId: 1 });
    expect((error as Error).message).toBe(`The event stream from ${server.url} broke before the run ended, 3 times in a row (last event received: 1).`);
  });

  it("gives up with SseConnectionError, caused by the network error, when nothing listens", async () => {
    const { error } = await failure(streamRunEvents("http://127.0.0.1:9/never", { maxRetries: 1, retryDelayMs: 1 }));
    expect(error).toBeInstanceOf(SseConnectionError);
    expect((error as SseConnectionError).attempts).toBe(2);
    expect((error as SseConnectionError).cause).toBeInstanceOf(TypeError);
  });

  it("throws SseHttpError for an HTTP error and for an answer that is not an event stream", async () => {
    server = await startServer((req, res) => {
      if (req.url === "/missing") return res.writeHead(404, { "content-type": "text/plain" }).end("No such run");
      if (req.url === "/broken") return res.writeHead(503, { "content-type": "application/json" }).end('{"error":{"code":"BUSY","message":"Try later"}}');
      res.writeHead(200, { "content-type": "text/html" }).end("<html>login</html>");
    });
    const missing = (await failure(streamRunEvents(`${server.url}/missing`))).error as SseHttpError;
    expect(missing).toBeInstanceOf(SseHttpError);
    expect(missing).toMatchObject({ code: "HTTP_ERROR", status: 404, body: "No such run", retryable: false });
    expect(missing.message).toBe(`The event stream request to ${server.url}/missing failed with HTTP 404: No such run`);

    const broken = (await failure(streamRunEvents(`${server.url}/broken`))).error as SseHttpError;
    expect(broken).toMatchObject({ status: 503, retryable: true, serverError: { code: "BUSY", message: "Try later" } });
    expect(broken.message).toBe(`The event stream request to ${server.url}/broken failed with HTTP 503: Try later`);

    const html = (await failure(streamRunEvents(`${server.url}/page`))).error as SseHttpError;
    expect(html).toMatchObject({ status: 200, body: "<html>login</html>" });
    expect(html.message).toBe(`The event stream request to ${server.url}/page failed with HTTP 200 with content type "text/html" instead of an event stream`);
    expect(server.requests).toHaveLength(3);
  });

  it("refuses events of another run after a reconnect", async () => {
    let calls = 0;
    server = await startServer((_req, res) => {
      calls++;
      res.writeHead(200, SSE_HEADERS);
      res.end(calls === 1 ? encodeSseEvent(delta(1)) : encodeSseEvent(delta(2, "run-b")));
    });
    const { events, error } = await failure(streamRunEvents(server.url, { retryDelayMs: 1 }));
    expect(seqs(events)).toEqual([1]);
    expect(error).toBeInstanceOf(SseDecodeError);
    expect(error).toMatchObject({
      reason: "run-mismatch",
      message: 'Invalid Baton event stream: the stream switched from run "run-a" to run "run-b". Offending text: "run-b"',
    });
  });

  it("does not retry a malformed stream", async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, SSE_HEADERS);
      res.end("event: text-delta\ndata: not json\n\n");
    });
    const { error } = await failure(streamRunEvents(server.url, { retryDelayMs: 1 }));
    expect(error).toMatchObject({ code: "EVENT_DECODE_ERROR", reason: "invalid-json" });
    expect(server.requests).toHaveLength(1);
  });

  it("stops with the signal's reason, and resumes from options.lastEventId", async () => {
    server = await startServer((req, res) => {
      res.writeHead(200, SSE_HEADERS);
      res.write(encodeSseEvent(delta(Number(req.headers["last-event-id"] ?? 0) + 1)));
    });
    const controller = new AbortController();
    const seen: number[] = [];
    const reason = new Error("user left the page");
    await expect(
      (async () => {
        for await (const event of streamRunEvents(server.url, { signal: controller.signal, lastEventId: 41 })) {
          seen.push(event.seq);
          controller.abort(reason);
        }
      })(),
    ).rejects.toBe(reason);
    expect(seen).toEqual([42]);
  });
});
