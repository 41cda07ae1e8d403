import { afterEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { InvalidLastEventIdError, SseHttpError, decodeSseEvents, sseResponse, startRunSession, streamRunEvents } from "../src/index.js";
import { sendSse } from "../src/node/index.js";
import { agentRun, collect, recorder, seqs, startServer, waitUntil, waitingTool, type TestServer } from "./support/sse-test-server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Every event of the SSE response `response` resolves to. */
async function collectEvents(response: Promise<Response>): Promise<StreamEvent[]> {
  return collect(decodeSseEvents((await response).body as ReadableStream<Uint8Array>));
}

/** A live run held in a tool call until `release()`, with its events recorded in process. */
function liveRun() {
  const inProcess = recorder();
  const waiting = waitingTool();
  const session = startRunSession({
    disconnectGraceMs: 2000,
    start: ({ signal, sink }) => agentRun({ signal, sinks: [inProcess, sink], tool: waiting.tool }),
  });
  return { session, inProcess, waiting };
}

describe("a Last-Event-ID ahead of the stream is refused", () => {
  it("RunSession.attach throws InvalidLastEventIdError for a seq after the last event produced, and skips nothing", async () => {
    const { session, inProcess, waiting } = liveRun();
    await waitUntil(() => waiting.seen.startedAt !== undefined, "the tool to start");
    const lastSeq = session.hub.lastSeq;
    expect(lastSeq).toBeGreaterThan(0);
    let caught: unknown;
    try {
      session.attach({ lastEventId: lastSeq + 5 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidLastEventIdError);
    expect(caught).toMatchObject({
      code: "INVALID_LAST_EVENT_ID",
      details: { value: String(lastSeq + 5), lastSeq },
      message: `Last-Event-ID ${lastSeq + 5} is ahead of the stream: the last event produced so far is ${lastSeq}. Reconnect without Last-Event-ID.`,
    });
    expect(session.clients).toBe(0);

    const atTheEnd = session.attach({ lastEventId: lastSeq }); // the last event produced is fine
    waiting.release();
    const rest = await collect(atTheEnd);
    await session.result;
    expect(rest[0]?.seq).toBe(lastSeq + 1);
    expect(seqs(rest)).toEqual(seqs(inProcess.events).slice(lastSeq));
  });

  it("sendSse answers 400 INVALID_LAST_EVENT_ID for a Last-Event-ID ahead of a live run, like any invalid id", async () => {
    const { session, inProcess, waiting } = liveRun();
    server = await startServer((req, res) => sendSse(req, res, session, { heartbeatMs: 0 }));
    await waitUntil(() => waiting.seen.startedAt !== undefined, "the tool to start");
    const lastSeq = session.hub.lastSeq;

    const ahead = await fetch(server.url, { headers: { "Last-Event-ID": String(lastSeq + 100) } });
    expect(ahead.status).toBe(400);
    expect(ahead.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(((await ahead.json()) as { error: unknown }).error).toMatchObject({
      code: "INVALID_LAST_EVENT_ID",
      details: { value: String(lastSeq + 100), lastSeq },
    });
    const aheadInQuery = await fetch(`${server.url}/events?lastEventId=${lastSeq + 1}`);
    expect(aheadInQuery.status).toBe(400);

    let caught: unknown;
    try {
      await collect(streamRunEvents(server.url, { lastEventId: lastSeq + 100 }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SseHttpError);
    expect(caught).toMatchObject({ status: 400, serverError: { code: "INVALID_LAST_EVENT_ID" } });

    // the run was not disturbed: a client without Last-Event-ID gets every event
    const reading = collectEvents(fetch(server.url));
    await waitUntil(() => session.clients === 1, "the client to attach");
    waiting.release();
    const events = await reading;
    await session.result;
    expect(seqs(events)).toEqual(seqs(inProcess.events));
  });

  it("sseResponse answers 400 for a Last-Event-ID ahead of the stream", async () => {
    const { session, waiting } = liveRun();
    await waitUntil(() => waiting.seen.startedAt !== undefined, "the tool to start");
    const response = sseResponse(session, { request: new Request("http://x/events", { headers: { "Last-Event-ID": String(session.hub.lastSeq + 1) } }) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: unknown }).error).toMatchObject({ code: "INVALID_LAST_EVENT_ID" });
    waiting.release();
    await collect(decodeSseEvents(sseResponse(session).body as ReadableStream<Uint8Array>));
    expect((await session.result).stopReason).toBe("completed");
  });
});
