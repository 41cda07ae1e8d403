import { afterEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { expectUnknownOptionRejected, optionsError, testToolContext } from "@baton/testing";
import {
  EventHub,
  ProgressGroup,
  ProgressLog,
  RunSessions,
  UiMessageChunkIterator,
  UiMessageStreamMapper,
  decodeSseEvents,
  sseResponse,
  startRunSession,
  streamRunEvents,
  toUiMessageStream,
  uiMessageStreamResponse,
} from "../src/index.js";
import { createSseHandler, sendSse } from "../src/node/index.js";
import { agentRun, collect, startServer, textChunks, type TestServer } from "./support/sse-test-server.js";

const bad = <T>(value: unknown): T => value as T;
const noEvents = (): AsyncIterable<StreamEvent> => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve({ done: true, value: undefined }) }) });
const noRun = () => Promise.reject(new Error("unused"));
const messageOf = async (fn: () => unknown): Promise<string> => (await optionsError(fn)).message;

const HUB = ["replay", "highWaterMark", "onConsumerError"];
const SESSION = ["start", "id", "replay", "highWaterMark", "disconnectGraceMs", "abortOnDisconnect", "onConsumerError"];
const SSE = ["heartbeatMs", "retryMs", "headers", "writeTimeoutMs"];
const UI = ["messageId", "sendStart", "sendFinish", "sendReasoning", "dynamicTools", "forwardEvents", "resumed", "errorText", "messageMetadata"];
const STREAM_RUN_EVENTS = ["onUnknownEvent", "strict", "fetch", "lastEventId", "maxRetries", "retryDelayMs", "signal", "headers"];

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("event options are checked: unknown keys and wrong types are a ConfigurationError", () => {
  it("new EventHub(), hub.on() and hub.subscribe()", async () => {
    await expectUnknownOptionRejected("EventHub", "buffer", HUB, () => new EventHub(bad({ buffer: 10 })));
    expect(await messageOf(() => new EventHub(bad({ onConsumerError: true })))).toContain('EventHub(): option "onConsumerError" must be a function, got true.');
    // Ranges keep their own messages.
    expect(() => new EventHub({ replay: -1 })).toThrow('EventHub: "replay" must be an integer >= 0, got -1.');
    const hub = new EventHub({ replay: 10, highWaterMark: 4, onConsumerError: () => undefined });

    await expectUnknownOptionRejected("EventHub.on", "label", ["name"], () => hub.on(() => undefined, bad({ label: "x" })));
    expect(await messageOf(() => hub.on(() => undefined, bad({ name: 3 })))).toContain('option "name" must be a string, got 3.');
    hub.on(() => undefined, { name: "logger" })();

    await expectUnknownOptionRejected("EventHub.subscribe", "lastEventId", ["after", "highWaterMark", "name", "onClose"], () =>
      hub.subscribe(bad({ lastEventId: 0 })),
    );
    expect(await messageOf(() => hub.subscribe(bad({ after: "0" })))).toContain('EventHub.subscribe(): option "after" must be a number, got "0".');
    expect(hub.subscribe({ after: 0, highWaterMark: 2, name: "s", onClose: () => undefined }).name).toBe("s");
    hub.close();
  });

  it("startRunSession(), session.attach(), new RunSessions() and sessions.create()", async () => {
    await expectUnknownOptionRejected("startRunSession", "run", SESSION, () => startRunSession(bad({ start: noRun, run: noRun })));
    expect(await messageOf(() => startRunSession(bad({ start: noRun, abortOnDisconnect: "no" })))).toContain(
      'option "abortOnDisconnect" must be a boolean, got "no".',
    );
    const session = startRunSession({ start: ({ signal, sink }) => agentRun({ signal, sinks: [sink] }), id: "s-1", replay: 100, disconnectGraceMs: 100 });

    await expectUnknownOptionRejected("RunSession.attach", "after", ["lastEventId", "name", "highWaterMark"], () => session.attach(bad({ after: 0 })));
    expect(await messageOf(() => session.attach(bad({ name: {} })))).toContain('RunSession.attach(): option "name" must be a string, got an object.');
    expect((await collect(session.attach({ lastEventId: 0, name: "client" }))).at(-1)?.type).toBe("run-end");

    await expectUnknownOptionRejected("RunSessions", "ttlMs", ["keepFinishedMs"], () => new RunSessions(bad({ ttlMs: 5 })));
    expect(await messageOf(() => new RunSessions(bad({ keepFinishedMs: "5" })))).toContain('option "keepFinishedMs" must be a number, got "5".');
    const sessions = new RunSessions({ keepFinishedMs: 0 });
    await expectUnknownOptionRejected("RunSessions.create", "sessionId", SESSION, () => sessions.create(bad({ start: noRun, sessionId: "x" })));
    expect(await messageOf(() => sessions.create(bad({ start: noRun, id: 7 })))).toContain(
      'RunSessions.create(): option "id" must be a non-empty string, got 7.',
    );
    const created = sessions.create({ id: "s-2", start: ({ signal, sink }) => agentRun({ signal, sinks: [sink] }) });
    expect((await collect(created.attach())).at(-1)?.type).toBe("run-end");
  });

  it("sendSse(), createSseHandler() and sseResponse()", async () => {
    await expectUnknownOptionRejected("sendSse", "retry", [...SSE, "onError"], () => sendSse(bad({}), bad({}), new EventHub().subscribe(), bad({ retry: 10 })));
    expect(await messageOf(() => sendSse(bad({}), bad({}), new EventHub().subscribe(), bad({ headers: "x" })))).toContain(
      'sendSse(): option "headers" must be an object, got "x".',
    );
    const session = startRunSession({ start: ({ signal, sink }) => agentRun({ signal, sinks: [sink] }) });
    server = await startServer((req, res) => sendSse(req, res, session, { heartbeatMs: 0, retryMs: 100, headers: { "x-test": "1" }, writeTimeoutMs: 5000 }));
    const response = await fetch(server.url);
    expect(response.headers.get("x-test")).toBe("1");
    expect((await collect(decodeSseEvents(response.body as ReadableStream<Uint8Array>))).at(-1)?.type).toBe("run-end");

    await expectUnknownOptionRejected("createSseHandler", "replay", [...SSE, "highWaterMark", "onError"], () => createSseHandler(noRun, bad({ replay: 0 })));
    expect(await messageOf(() => createSseHandler(noRun, bad({ onError: "log" })))).toContain(
      'createSseHandler(): option "onError" must be a function, got "log".',
    );
    expect(typeof createSseHandler(noRun, { highWaterMark: 8, onError: () => undefined, heartbeatMs: 0 })).toBe("function");

    await expectUnknownOptionRejected("sseResponse", "req", [...SSE, "request"], () => sseResponse(new EventHub().subscribe(), bad({ req: {} })));
    expect(await messageOf(() => sseResponse(new EventHub().subscribe(), bad({ request: "http://x" })))).toContain(
      'sseResponse(): option "request" must be a Request, got "http://x".',
    );
    const hub = new EventHub();
    const answer = sseResponse(hub.subscribe(), { request: new Request("http://x/events"), heartbeatMs: 0 });
    hub.close();
    expect(answer.status).toBe(200);
    await answer.text();
  });

  it("decodeSseEvents() and streamRunEvents(): the first next() rejects", async () => {
    const decodeKeys = ["onComment", "onRetry", "maxMessageSize", "onUnknownEvent", "strict"];
    await expectUnknownOptionRejected("decodeSseEvents", "maxSize", decodeKeys, () => decodeSseEvents(textChunks(""), bad({ maxSize: 10 })).next());
    expect(await messageOf(() => decodeSseEvents(textChunks(""), bad({ strict: "yes" })).next())).toContain(
      'decodeSseEvents(): option "strict" must be a boolean, got "yes".',
    );
    expect(await collect(decodeSseEvents(textChunks(": hi\n\n"), { strict: true, maxMessageSize: 1000, onComment: () => undefined }))).toEqual([]);

    const unused = () => Promise.reject(new Error("unused"));
    await expectUnknownOptionRejected("streamRunEvents", "retries", STREAM_RUN_EVENTS, () =>
      streamRunEvents("http://x", bad({ fetch: unused, retries: 2 })).next(),
    );
    expect(await messageOf(() => streamRunEvents("http://x", bad({ fetch: unused, maxRetries: -1 })).next())).toContain(
      'streamRunEvents(): option "maxRetries" must be a number >= 0, got -1.',
    );
    const body = "id: 1\nevent: run-end\ndata: {}\n\n";
    const fetched = streamRunEvents("http://x", {
      fetch: async () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
      maxRetries: 0,
      onUnknownEvent: () => undefined,
    });
    await expect(collect(fetched)).rejects.not.toHaveProperty("code", "INVALID_CONFIGURATION");
  });

  it("toUiMessageStream(), UiMessageChunkIterator, UiMessageStreamMapper and uiMessageStreamResponse()", async () => {
    await expectUnknownOptionRejected("toUiMessageStream", "sendReasoningDeltas", UI, () => toUiMessageStream(noEvents(), bad({ sendReasoningDeltas: false })));
    expect(await messageOf(() => toUiMessageStream(noEvents(), bad({ messageId: 5 })))).toContain(
      'toUiMessageStream(): option "messageId" must be a string, got 5.',
    );
    expect(await collect(toUiMessageStream(noEvents(), { sendStart: false, sendFinish: false, messageId: "m" }))).toEqual([]);

    await expectUnknownOptionRejected("UiMessageChunkIterator", "id", UI, () => new UiMessageChunkIterator(noEvents(), bad({ id: "m" })));
    await expectUnknownOptionRejected("UiMessageStreamMapper", "id", UI, () => new UiMessageStreamMapper(bad({ id: "m" })));
    expect(await messageOf(() => new UiMessageStreamMapper(bad({ errorText: "failed" })))).toContain('option "errorText" must be a function, got "failed".');
    expect(new UiMessageStreamMapper({ dynamicTools: true, errorText: () => "failed" })).toBeInstanceOf(UiMessageStreamMapper);
    expect(new UiMessageChunkIterator(noEvents(), { resumed: true })).toBeInstanceOf(UiMessageChunkIterator);

    await expectUnknownOptionRejected("uiMessageStreamResponse", "statusCode", [...UI, "status", "statusText", "headers"], () =>
      uiMessageStreamResponse(noEvents(), bad({ statusCode: 200 })),
    );
    expect(await messageOf(() => uiMessageStreamResponse(noEvents(), bad({ status: "200" })))).toContain(
      'uiMessageStreamResponse(): option "status" must be a positive integer, got "200".',
    );
    const response = uiMessageStreamResponse(noEvents(), { status: 201, headers: { "x-test": "1" }, sendStart: false });
    expect(response.status).toBe(201);
    await response.text();
  });

  it("new ProgressGroup(), ProgressGroup.forTool() and log.groups()", async () => {
    await expectUnknownOptionRejected(
      "ProgressGroup",
      "onReport",
      ["name", "icon", "report", "now"],
      () => new ProgressGroup(bad({ name: "g", report: () => undefined, onReport: () => undefined })),
    );
    expect(await messageOf(() => new ProgressGroup(bad({ name: "g" })))).toContain('ProgressGroup(): option "report" is required (a function).');
    expect(await messageOf(() => new ProgressGroup(bad({ name: "g", report: () => undefined, icon: 1 })))).toContain('option "icon" must be a string, got 1.');
    expect(new ProgressGroup({ name: "g", icon: "I", report: () => undefined, now: () => 1 }).name).toBe("g");

    const ctx = testToolContext({ toolName: "web_search", toolCallId: "call_7" });
    await expectUnknownOptionRejected("ProgressGroup.forTool", "clock", ["now"], () => ProgressGroup.forTool(ctx, "n", undefined, bad({ clock: () => 1 })));
    expect(await messageOf(() => ProgressGroup.forTool(ctx, "n", undefined, bad({ now: 1 })))).toContain(
      'ProgressGroup.forTool(): option "now" must be a function, got 1.',
    );
    expect(ProgressGroup.forTool(ctx, "n", undefined, { now: () => 1 }).name).toBe("n");

    const log = new ProgressLog();
    await expectUnknownOptionRejected("ProgressLog.groups", "path", ["agentPath"], () => log.groups(undefined, bad({ path: "main" })));
    expect(await messageOf(() => log.groups(undefined, bad({ agentPath: 1 })))).toContain('ProgressLog.groups(): option "agentPath" must be a string, got 1.');
    expect(log.groups(undefined, { agentPath: "main" })).toEqual([]);
  });
});
