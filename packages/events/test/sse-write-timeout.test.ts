import { connect, type Socket } from "node:net";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { EventSink, RunResult, StreamEvent } from "@baton/core";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { ConfigurationError } from "@baton/core";
import { DEFAULT_WRITE_TIMEOUT_MS, EventHub, decodeSseEvents, sseResponse, startRunSession, type RunSession } from "../src/index.js";
import { createSseHandler, sendSse } from "../src/node/index.js";
import { collect, recorder, seqs, startServer, waitUntil, type TestServer } from "./support/sse-test-server.js";

let server: TestServer | undefined;
let raw: Socket | undefined;
afterEach(async () => {
  raw?.destroy();
  raw = undefined;
  await server?.close();
  server = undefined;
});

/** ~20 MB of SSE: far more than the socket buffers of a client that never reads can take. */
const CHUNKS = Array.from({ length: 10_000 }, (_, i) => `${i}:${"x".repeat(2000)} `);

/**
 * Emits the chunks as text deltas straight into `sink`, waiting whenever it asks to,
 * then a small `run-end`: no event as big as the whole text (a real run's final
 * `message` and `run-end` carry it all), so a reading client takes every write quickly.
 */
async function emitChunks(sink: EventSink): Promise<RunResult> {
  const base = { runId: "r1", agentPath: "main", contentIndex: 1, timestamp: 1 };
  for (let i = 0; i < CHUNKS.length; i++) await sink.emit({ type: "text-delta", text: CHUNKS[i] as string, seq: i + 1, ...base });
  const usage = { inputTokens: 0, outputTokens: 0 };
  await sink.emit({
    type: "run-end",
    stopReason: "completed",
    text: "",
    iterations: 1,
    toolCallCount: 0,
    usage,
    seq: CHUNKS.length + 1,
    ...base,
  } as unknown as StreamEvent);
  return { stopReason: "completed" } as RunResult;
}

/** Connects a raw TCP client that sends a GET for the event stream and never reads a byte. */
async function neverReadingClient(url: string): Promise<Socket> {
  const socket = connect({ port: Number(new URL(url).port), host: "127.0.0.1" });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.on("error", () => undefined);
  socket.pause(); // never read
  socket.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
  return socket;
}

describe("the write timeout of the SSE writers", () => {
  it("a TCP client that never reads is disconnected after writeTimeoutMs, and the other client of its run gets every event", { timeout: 60_000 }, async () => {
    const inProcess = recorder();
    const session: RunSession = startRunSession({
      highWaterMark: 16,
      start: ({ sink }) => emitChunks({ emit: (event) => (inProcess.emit(event), sink.emit(event)) }),
    });
    const responses: ServerResponse[] = [];
    server = await startServer((req, res) => {
      responses.push(res);
      // well above what the reading client, in this same process, needs to take one batch (up to ~2 MB), also
      // on a loaded machine (a reading client cut for being slow would fail the test)
      return sendSse(req, res, session, { heartbeatMs: 0, writeTimeoutMs: 8000 });
    });

    const reading = fetch(server.url).then((response) => collect(decodeSseEvents(response.body as ReadableStream<Uint8Array>)));
    await waitUntil(() => session.clients === 1, "the reading client to attach");
    raw = await neverReadingClient(server.url);
    await waitUntil(() => responses.length === 2, "the never-reading client's request");

    const events: StreamEvent[] = await reading;
    const result = await session.result;
    expect(result.stopReason).toBe("completed");
    expect(seqs(events)).toEqual(seqs(inProcess.events));
    expect(events.filter((event) => event.type === "text-delta")).toHaveLength(CHUNKS.length);
    expect(events.at(-1)?.type).toBe("run-end");

    const slow = responses[1] as ServerResponse;
    expect(slow.destroyed).toBe(true); // cut, not ended: its socket was full long before the run ended
    expect(slow.writableFinished).toBe(false);
  });

  it("createSseHandler disconnects a client that never reads after writeTimeoutMs, which aborts its run", { timeout: 60_000 }, async () => {
    const results: Promise<unknown>[] = [];
    const handler = createSseHandler(
      (_req, { signal, sink }) => {
        const result = run({ provider: scriptedModel([{ text: CHUNKS }]), model: "m", input: "go", signal, sinks: [sink] });
        results.push(result);
        return result;
      },
      { heartbeatMs: 0, writeTimeoutMs: 200, onError: () => undefined },
    );
    server = await startServer(handler);
    raw = await neverReadingClient(server.url);
    await waitUntil(() => results.length === 1, "the run to start");
    expect(await results[0]).toMatchObject({ stopReason: "aborted" });
  });

  it("sseResponse errors a body that is not read for writeTimeoutMs, and the other client of its run gets every event", { timeout: 60_000 }, async () => {
    const inProcess = recorder();
    const session: RunSession = startRunSession({
      highWaterMark: 8,
      start: ({ signal, sink }) =>
        run({
          provider: scriptedModel([{ text: Array.from({ length: 400 }, (_, i) => `w${i} `) }]),
          model: "m",
          input: "go",
          signal,
          sinks: [inProcess, sink],
        }),
    });
    const reading = collect(decodeSseEvents(sseResponse(session, { heartbeatMs: 0, writeTimeoutMs: 200 }).body as ReadableStream<Uint8Array>));
    const stuck = (sseResponse(session, { heartbeatMs: 0, writeTimeoutMs: 200 }).body as ReadableStream<Uint8Array>).getReader();
    await stuck.read(); // one chunk, then never again
    await waitUntil(() => session.clients === 2, "both clients to attach");

    const events = await reading;
    expect((await session.result).stopReason).toBe("completed");
    expect(seqs(events)).toEqual(seqs(inProcess.events));
    let caught: unknown;
    try {
      for (;;) if ((await stuck.read()).done) break;
    } catch (error) {
      caught = error;
    }
    expect(String(caught)).toContain("The client took no data for 200 ms");
  });

  it("has a default of 30 s and refuses a bad value", async () => {
    expect(DEFAULT_WRITE_TIMEOUT_MS).toBe(30_000);
    expect(() => createSseHandler(() => Promise.reject(new Error("unused")), { writeTimeoutMs: -1 })).toThrow(ConfigurationError);
    expect(() => createSseHandler(() => Promise.reject(new Error("unused")), { writeTimeoutMs: Number.NaN })).toThrow(
      'SSE: "writeTimeoutMs" must be a number >= 0, got NaN.',
    );
    expect(() => sseResponse(new EventHub().subscribe(), { writeTimeoutMs: -5 })).toThrow(ConfigurationError);
  });
});
