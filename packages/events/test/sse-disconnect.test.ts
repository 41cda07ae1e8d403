import { afterEach, describe, expect, it } from "vitest";
import { ConfigurationError, RunAbortedError, type RunResult } from "@baton/core";
import { ClientDisconnectedError, decodeSseEvents, sseResponse, startRunSession, type RunSession } from "../src/index.js";
import { createSseHandler, sendSse } from "../src/node/index.js";
import { agentRun, collect, recorder, startServer, waitUntil, waitingTool, type TestServer } from "./support/sse-test-server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Reads a response until the tool started, then drops the connection; returns when it dropped. */
async function readUntilToolStartThenDrop(url: string): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  for await (const event of decodeSseEvents(response.body as ReadableStream<Uint8Array>)) {
    if (event.type === "tool-start") break;
  }
  controller.abort();
  return performance.now();
}

describe("client disconnects", () => {
  it("a run session aborts the run and its tool after the grace period once its only client left", async () => {
    const grace = 50;
    const { tool, seen } = waitingTool();
    let session: RunSession | undefined;
    let closedAt: number | undefined;
    let abortedWhenClosed: boolean | undefined;
    server = await startServer((req, res) => {
      // the session detaches the client in the same "close" dispatch
      res.once("close", () => {
        closedAt = performance.now();
        abortedWhenClosed = seen.aborted;
      });
      return sendSse(req, res, session as RunSession, { heartbeatMs: 0 });
    });
    session = startRunSession({ disconnectGraceMs: grace, start: ({ signal, sink }) => agentRun({ signal, sinks: [sink], tool }) });

    const droppedAt = await readUntilToolStartThenDrop(server.url);
    await waitUntil(() => session?.clients === 0, "the server to notice the disconnect");
    const result = await session.result;

    expect(result.stopReason).toBe("aborted");
    expect(abortedWhenClosed).toBe(false);
    expect(seen.aborted).toBe(true);
    expect(closedAt).toBeGreaterThan(droppedAt);
    expect((seen.abortedAt as number) - (closedAt as number)).toBeGreaterThanOrEqual(grace - 1);
    expect(seen.reason).toBeInstanceOf(RunAbortedError);
    expect((seen.reason as RunAbortedError).code).toBe("RUN_ABORTED");
    const cause = (seen.reason as RunAbortedError).cause as ClientDisconnectedError;
    expect(cause).toBeInstanceOf(ClientDisconnectedError);
    expect(cause.code).toBe("CLIENT_DISCONNECTED");
    expect(cause.graceMs).toBe(grace);
  });

  it("createSseHandler aborts the run and its tool as soon as the client disconnects", async () => {
    const { tool, seen } = waitingTool();
    const results: Promise<RunResult>[] = [];
    const handler = createSseHandler((_req, { signal, sink }) => {
      const running = agentRun({ signal, sinks: [sink], tool });
      results.push(running);
      return running;
    });
    let handled: Promise<void> | undefined;
    let abortedWhenClosed: boolean | undefined;
    server = await startServer((req, res) => {
      handled = handler(req, res);
      // checked right after the "close" listeners ran: the abort must already have happened
      res.once("close", () => queueMicrotask(() => (abortedWhenClosed = seen.aborted)));
    });

    await readUntilToolStartThenDrop(server.url);
    await waitUntil(() => results.length === 1);
    const result = await (results[0] as Promise<RunResult>);
    await handled;

    expect(result.stopReason).toBe("aborted");
    expect(seen.aborted).toBe(true);
    // no grace period: the tool is aborted while the server handles the disconnect
    expect(abortedWhenClosed).toBe(true);
    const cause = (seen.reason as RunAbortedError).cause as ClientDisconnectedError;
    expect(cause).toBeInstanceOf(ClientDisconnectedError);
    expect(cause.message).toBe("The client disconnected.");
  });

  it("createSseHandler streams a whole run to a client that stays, then resolves", async () => {
    const inProcess = recorder();
    const handler = createSseHandler((_req, { signal, sink }) => agentRun({ signal, sinks: [inProcess, sink] }));
    server = await startServer(handler);
    const events = await collect(decodeSseEvents((await fetch(server.url)).body as ReadableStream<Uint8Array>));
    expect(events).toEqual(inProcess.events);
    expect(events[events.length - 1]?.type).toBe("run-end");
  });

  it("createSseHandler answers 500 when the run fails to start, and 410 to a client trying to resume", async () => {
    const reported: unknown[] = [];
    const handler = createSseHandler(() => Promise.reject(new ConfigurationError('Option "model" must be a non-empty model id.')), {
      onError: (error) => reported.push(error),
    });
    server = await startServer(handler);
    const failed = await fetch(server.url);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: { code: "INVALID_CONFIGURATION", message: 'Option "model" must be a non-empty model id.' } });
    expect(reported).toHaveLength(1);

    const secret = createSseHandler(() => Promise.reject(new Error("db password wrong")), { onError: () => undefined });
    await server.close();
    server = await startServer(secret);
    const hidden = await fetch(server.url);
    expect(hidden.status).toBe(500);
    expect(await hidden.text()).toBe('{"error":{"code":"RUN_FAILED","message":"The run failed to start."}}');

    const resuming = await fetch(server.url, { headers: { "Last-Event-ID": "12" } });
    expect(resuming.status).toBe(410);
    expect(await resuming.json()).toMatchObject({
      error: { code: "REPLAY_UNAVAILABLE", message: "This endpoint starts a new run per request and cannot resume after event 12." },
    });
  });

  it("cancelling an sseResponse body detaches its client, so the session's grace policy applies", async () => {
    const { tool, seen } = waitingTool();
    const session = startRunSession({ disconnectGraceMs: 30, start: ({ signal, sink }) => agentRun({ signal, sinks: [sink], tool }) });
    const response = sseResponse(session, { heartbeatMs: 0 });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    expect(session.clients).toBe(1);
    await waitUntil(() => seen.startedAt !== undefined);
    const cancelledAt = performance.now();
    await reader.cancel();
    expect(session.clients).toBe(0);
    expect(seen.aborted).toBe(false);
    expect((await session.result).stopReason).toBe("aborted");
    expect(seen.aborted).toBe(true);
    expect((seen.abortedAt as number) - cancelledAt).toBeGreaterThanOrEqual(29);

    const second = waitingTool();
    const other = startRunSession({ disconnectGraceMs: 0, start: ({ signal, sink }) => agentRun({ signal, sinks: [sink], tool: second.tool }) });
    const request = new AbortController();
    const body = sseResponse(other, { request: new Request("http://x/events", { signal: request.signal }) }).body as ReadableStream<Uint8Array>;
    const reading = collect(decodeSseEvents(body));
    await waitUntil(() => second.seen.startedAt !== undefined);
    request.abort();
    expect((await other.result).stopReason).toBe("aborted");
    expect((await reading).some((e) => e.type === "tool-start")).toBe(true);
  });
});
