import { afterEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { stream } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { EventHub, decodeSseEvents, isStreamEvent, sseResponse, startRunSession, type RunSession } from "../src/index.js";
import { sendSse } from "../src/node/index.js";
import { ANSWER, agentRun, collect, isStrictlyIncreasing, recorder, seqs, startServer, waitUntil, type TestServer } from "./support/sse-test-server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function expectCompleteRun(decoded: StreamEvent[], inProcess: StreamEvent[]): void {
  expect(decoded).toEqual(inProcess);
  expect(decoded.map((e) => [e.seq, e.type, e.contentIndex])).toEqual(inProcess.map((e) => [e.seq, e.type, e.contentIndex]));
  expect(isStrictlyIncreasing(seqs(decoded))).toBe(true);
  expect(decoded[0]?.type).toBe("run-start");
  expect(decoded[decoded.length - 1]?.type).toBe("run-end");
  expect(decoded.filter((e) => e.type === "text-delta").map((e) => (e.type === "text-delta" ? e.text : ""))).toEqual(ANSWER);
  expect(decoded.filter((e) => e.type === "tool-done")).toHaveLength(1);
  expect(decoded.every(isStreamEvent)).toBe(true);
}

describe("SSE round trip over node:http", () => {
  it("a run session served by sendSse decodes to exactly the events a sink saw in process", async () => {
    const inProcess = recorder();
    const sessions = new Map<string, RunSession>();
    server = await startServer(async (req, res) => {
      const session = sessions.get(new URL(req.url ?? "/", "http://x").pathname.split("/")[2] ?? "");
      if (session === undefined) return void res.writeHead(404).end();
      await sendSse(req, res, session, { heartbeatMs: 5 });
    });
    const session = startRunSession({ id: "run-1", start: ({ signal, sink }) => agentRun({ signal, sinks: [inProcess, sink], chunkDelayMs: 2 }) });
    sessions.set(session.id, session);

    const comments: string[] = [];
    const response = await fetch(`${server.url}/runs/run-1/events`, { headers: { accept: "text/event-stream" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const decoded = await collect(decodeSseEvents(response.body as ReadableStream<Uint8Array>, { onComment: (c) => comments.push(c) }));

    const result = await session.result;
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe(ANSWER.join(""));
    expectCompleteRun(decoded, inProcess.events);
    expect(comments.every((c) => c === "heartbeat")).toBe(true);
  });

  it("two clients of one session, one joining late, both get every event", async () => {
    const inProcess = recorder();
    let session: RunSession | undefined;
    server = await startServer((req, res) => sendSse(req, res, session as RunSession, { heartbeatMs: 0 }));
    session = startRunSession({ start: ({ signal, sink }) => agentRun({ signal, sinks: [inProcess, sink], chunkDelayMs: 3 }) });
    const early = fetch(server.url).then((r) => collect(decodeSseEvents(r.body as ReadableStream<Uint8Array>)));
    await new Promise((resolve) => setTimeout(resolve, 15));
    const late = fetch(server.url).then((r) => collect(decodeSseEvents(r.body as ReadableStream<Uint8Array>)));
    const [a, b] = await Promise.all([early, late]);
    await session.result;
    expectCompleteRun(a, inProcess.events);
    expectCompleteRun(b, inProcess.events);
  });

  it("sendSse also serves a hub subscription and a plain async iterable (loop `stream()`)", async () => {
    const hub = new EventHub();
    const inProcess = recorder();
    let running: ReturnType<typeof stream> | undefined;
    server = await startServer((req, res) => {
      if (req.url === "/hub") {
        const subscription = hub.subscribe({ after: 0 });
        void agentRun({ signal: new AbortController().signal, sinks: [inProcess, hub] }).finally(() => hub.close());
        return sendSse(req, res, subscription);
      }
      running = stream({
        provider: scriptedModel([{ toolCalls: [{ name: "lookup", arguments: { query: "baton events" } }] }, { text: ANSWER }]),
        model: "scripted-model",
        input: "What does Baton stream?",
        tools: [fakeTool({ name: "lookup", result: { found: "baton", score: 0.9 } })],
      });
      return sendSse(req, res, running);
    });
    const fromHub = await collect(decodeSseEvents((await fetch(`${server.url}/hub`)).body as ReadableStream<Uint8Array>));
    expectCompleteRun(fromHub, inProcess.events);
    const fromStream = await collect(decodeSseEvents((await fetch(`${server.url}/stream`)).body as ReadableStream<Uint8Array>));
    expect((await running?.result)?.stopReason).toBe("completed");
    expect(fromStream.map((e) => [e.seq, e.type, e.contentIndex])).toEqual(inProcess.events.map((e) => [e.seq, e.type, e.contentIndex]));
  });

  it("a source that throws destroys the response and rejects sendSse", async () => {
    let outcome: unknown;
    server = await startServer(async (req, res) => {
      async function* failing(): AsyncGenerator<StreamEvent> {
        yield { type: "text-delta", text: "a", runId: "r", agentPath: "main", seq: 1, contentIndex: 0, timestamp: 1 };
        throw new Error("storage went away");
      }
      await sendSse(req, res, failing()).catch((error: unknown) => (outcome = error));
    });
    const response = await fetch(server.url);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const e of decodeSseEvents(response.body as ReadableStream<Uint8Array>)) seen.push(e.seq);
      })(),
    ).rejects.toThrow();
    expect(seen).toEqual([1]);
    expect((outcome as Error).message).toBe("storage went away");
  });
});

describe("sseResponse (Web Response)", () => {
  it("round-trips a run session through response.body", async () => {
    const inProcess = recorder();
    const session = startRunSession({ start: ({ signal, sink }) => agentRun({ signal, sinks: [inProcess, sink] }) });
    const response = sseResponse(session, { heartbeatMs: 0, retryMs: 1500 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const retries: number[] = [];
    const decoded = await collect(decodeSseEvents(response.body as ReadableStream<Uint8Array>, { onRetry: (ms) => retries.push(ms) }));
    expect((await session.result).stopReason).toBe("completed");
    expectCompleteRun(decoded, inProcess.events);
    expect(retries).toEqual([1500]);
  });

  it("resumes after the request's Last-Event-ID and answers 410 when that is no longer possible", async () => {
    const inProcess = recorder();
    const session = startRunSession({ replay: 10, start: ({ signal, sink }) => agentRun({ signal, sinks: [inProcess, sink] }) });
    await collect(session.attach()); // a first client reads it all, so the run is not held
    await session.result;
    const last = inProcess.events.length;
    const resumed = sseResponse(session, { request: new Request("http://x/events", { headers: { "last-event-id": String(last - 3) } }) });
    expect(seqs(await collect(decodeSseEvents(resumed.body as ReadableStream<Uint8Array>)))).toEqual([last - 2, last - 1, last]);

    const gone = sseResponse(session, { request: new Request("http://x/events?lastEventId=2") });
    expect(gone.status).toBe(410);
    expect(gone.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = (await gone.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("REPLAY_UNAVAILABLE");
    expect(body.error.message).toContain("Cannot resume after event 2");

    const bad = sseResponse(session, { request: new Request("http://x/events", { headers: { "last-event-id": "soon" } }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("INVALID_LAST_EVENT_ID");
  });

  it("sends heartbeats while idle", async () => {
    const hub = new EventHub();
    const response = sseResponse(hub.subscribe(), { heartbeatMs: 5 });
    const comments: string[] = [];
    const reading = collect(decodeSseEvents(response.body as ReadableStream<Uint8Array>, { onComment: (c) => comments.push(c) }));
    await waitUntil(() => comments.length >= 2, "two heartbeats"); // no fixed wait: a busy machine delays timers
    hub.close();
    expect(await reading).toEqual([]);
    expect(comments.length).toBeGreaterThanOrEqual(2);
    expect(new Set(comments)).toEqual(new Set(["heartbeat"]));
  });
});
