import { afterEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { SseHttpError, decodeSseEvents, startRunSession, streamRunEvents, type RunSession } from "../src/index.js";
import { sendSse } from "../src/node/index.js";
import { agentRun, collect, recorder, seqs, startServer, waitUntil, type TestServer } from "./support/sse-test-server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ANSWER = Array.from({ length: 30 }, (_, i) => `chunk${i} `);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("reconnecting with Last-Event-ID", () => {
  it("a client that dropped its connection resumes right after its last event, and the run goes on", async () => {
    const inProcess = recorder();
    let session: RunSession | undefined;
    server = await startServer((req, res) => sendSse(req, res, session as RunSession, { heartbeatMs: 0 }));
    session = startRunSession({
      disconnectGraceMs: 2000,
      start: ({ signal, sink }) => agentRun({ signal, sinks: [inProcess, sink], answer: ANSWER, chunkDelayMs: 4 }),
    });

    const first = new AbortController();
    const response = await fetch(server.url, { signal: first.signal });
    const before: StreamEvent[] = [];
    for await (const event of decodeSseEvents(response.body as ReadableStream<Uint8Array>)) {
      before.push(event);
      if (before.length === 12) break;
    }
    first.abort();
    const lastSeq = before[before.length - 1]?.seq as number;
    expect(seqs(before)).toEqual(range(1, 12));
    await waitUntil(() => session!.clients === 0); // the server notices the disconnect; the run keeps going

    const again = await fetch(server.url, { headers: { "Last-Event-ID": String(lastSeq) } });
    expect(again.status).toBe(200);
    const after = await collect(decodeSseEvents(again.body as ReadableStream<Uint8Array>));
    const result = await session.result;

    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe(ANSWER.join(""));
    expect(after[0]?.seq).toBe(lastSeq + 1);
    expect([...before, ...after]).toEqual(inProcess.events);
    expect(seqs([...before, ...after])).toEqual(range(1, inProcess.events.length));
    expect(after[after.length - 1]?.type).toBe("run-end");
    expect(server.requests.map((req) => req.headers["last-event-id"])).toEqual([undefined, String(lastSeq)]);
  });

  it("streamRunEvents reconnects by itself when the server drops the socket mid-stream, yielding every seq once", async () => {
    const inProcess = recorder();
    let session: RunSession | undefined;
    server = await startServer((req, res) => sendSse(req, res, session as RunSession, { heartbeatMs: 0 }));
    const drops = [15, 30]; // the server kills the live connection when these events are produced
    const dropped: number[] = [];
    session = startRunSession({
      start: ({ signal, sink }) =>
        agentRun({
          signal,
          answer: ANSWER,
          chunkDelayMs: 3,
          sinks: [
            inProcess,
            sink,
            {
              emit: (event) => {
                const live = server?.requests[server.requests.length - 1];
                if (drops.includes(event.seq) && live !== undefined) {
                  live.socket.destroy();
                  dropped.push(event.seq);
                }
              },
            },
          ],
        }),
    });

    const events = await collect(streamRunEvents(server.url, { retryDelayMs: 5 }));
    const result = await session.result;

    expect(result.stopReason).toBe("completed");
    expect(dropped).toEqual([15, 30]);
    expect(server.requests.length).toBe(3);
    const resumedFrom = server.requests.slice(1).map((req) => Number(req.headers["last-event-id"]));
    expect(resumedFrom[0]).toBeGreaterThan(0);
    expect(resumedFrom[0]).toBeLessThanOrEqual(15);
    expect(resumedFrom[1]).toBeGreaterThan(15);
    expect(resumedFrom[1]).toBeLessThanOrEqual(30);
    expect(seqs(events)).toEqual(range(1, inProcess.events.length));
    expect(events).toEqual(inProcess.events);
    expect(events[events.length - 1]?.type).toBe("run-end");
  });

  it("a Last-Event-ID older than the replay buffer gets 410, and streamRunEvents throws SseHttpError", async () => {
    const inProcess = recorder();
    const session = startRunSession({ replay: 5, start: ({ signal, sink }) => agentRun({ signal, sinks: [inProcess, sink] }) });
    await collect(session.attach()); // a first client reads it all, so the run is not held
    await session.result;
    server = await startServer((req, res) => sendSse(req, res, session));
    const total = inProcess.events.length;

    const gone = await fetch(server.url, { headers: { "Last-Event-ID": "3" } });
    expect(gone.status).toBe(410);
    expect(gone.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = (await gone.json()) as { error: { code: string; message: string; details: Record<string, unknown> } };
    expect(body.error).toMatchObject({
      code: "REPLAY_UNAVAILABLE",
      details: { after: 3, oldestAvailable: total - 4, replayableAfter: total - 5 },
    });
    expect(body.error.message).toContain(`Cannot resume after event 3: events up to ${total - 5} are no longer kept for replay`);

    let caught: unknown;
    try {
      await collect(streamRunEvents(server.url, { lastEventId: 3 }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SseHttpError);
    const error = caught as SseHttpError;
    expect(error.code).toBe("HTTP_ERROR");
    expect(error.status).toBe(410);
    expect(error.serverError?.code).toBe("REPLAY_UNAVAILABLE");
    expect(error.message).toMatch(/^The event stream request to http:\/\/127\.0\.0\.1:\d+ failed with HTTP 410: Cannot resume after event 3/);

    // within the buffer it resumes
    expect(seqs(await collect(streamRunEvents(server.url, { lastEventId: total - 2 })))).toEqual([total - 1, total]);
    const bad = await fetch(server.url, { headers: { "Last-Event-ID": "x1" } });
    expect(bad.status).toBe(400);
  });
});
