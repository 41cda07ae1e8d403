import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { decodeSseEvents } from "../src/index.js";
import { sendSse } from "../src/node/index.js";
import { seqs, startServer, textDelta, type TestServer } from "./support/sse-test-server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A source that yields two events, then fails as a read of an event log that timed out. */
async function* failingAfterTwo(): AsyncGenerator<StreamEvent> {
  yield textDelta(1, "Hello ");
  yield textDelta(2, "there");
  await new Promise((resolve) => setTimeout(resolve, 10));
  throw new Error("The event log did not answer in 3000 ms.");
}

/** A source whose attach fails before any event: the log could not be read at all. */
const failingAttach = {
  attach: async (): Promise<never> => {
    throw new Error("The event log is unavailable.");
  },
};

/** Reads the SSE response of `url`: the events, and how the stream ended. */
async function readStream(url: string): Promise<{ events: StreamEvent[]; broke: boolean }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const events: StreamEvent[] = [];
  let broke = false;
  try {
    for await (const event of decodeSseEvents(response.body as ReadableStream<Uint8Array>)) events.push(event);
  } catch {
    broke = true;
  }
  return { events, broke };
}

describe("sendSse with onError", () => {
  it("a source that fails mid-stream: the events before it go out, the stream breaks, onError is told once with the error and the request, and sendSse resolves", async () => {
    const told: { error: unknown; url: string | undefined }[] = [];
    const outcomes: string[] = [];
    server = await startServer((req, res) =>
      sendSse(req, res, failingAfterTwo(), { heartbeatMs: 0, onError: (error, request: IncomingMessage) => told.push({ error, url: request.url }) }).then(
        () => outcomes.push("resolved"),
        () => outcomes.push("rejected"),
      ),
    );
    const { events, broke } = await readStream(`${server.url}/events`);
    expect(seqs(events)).toEqual([1, 2]);
    expect(broke).toBe(true);
    await expect.poll(() => outcomes).toEqual(["resolved"]);
    expect(told).toHaveLength(1);
    expect((told[0]!.error as Error).message).toBe("The event log did not answer in 3000 ms.");
    expect(told[0]!.url).toBe("/events");
    expect(server.errors).toEqual([]);
  });

  it("without onError the same failure rejects sendSse with the error", async () => {
    server = await startServer((req, res) => sendSse(req, res, failingAfterTwo(), { heartbeatMs: 0 }));
    const { events, broke } = await readStream(`${server.url}/events`);
    expect(seqs(events)).toEqual([1, 2]);
    expect(broke).toBe(true);
    await expect.poll(() => server!.errors.length).toBe(1);
    expect((server.errors[0] as Error).message).toBe("The event log did not answer in 3000 ms.");
  });

  it("a source that fails before the stream started: the client gets a 500 with a JSON body, onError is told, and sendSse resolves", async () => {
    const told: unknown[] = [];
    let resolved = false;
    server = await startServer(async (req, res) => {
      await sendSse(req, res, failingAttach, { onError: (error) => told.push(error) });
      resolved = true;
    });
    const response = await fetch(`${server.url}/events`);
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ error: { code: "RUN_FAILED", message: "The run failed to start." } });
    await expect.poll(() => resolved).toBe(true);
    expect(told.map((error) => (error as Error).message)).toEqual(["The event log is unavailable."]);
    expect(server.errors).toEqual([]);
  });

  it("an onError that is not a function is a ConfigurationError, before anything is written", async () => {
    server = await startServer((req, res) => sendSse(req, res, failingAfterTwo(), { onError: "log" as never }));
    const response = await fetch(`${server.url}/events`).catch((error: unknown) => error);
    expect(response).toBeInstanceOf(Error); // the test server destroys the response of a handler that rejected
    expect(server.errors).toHaveLength(1);
    expect(server.errors[0]).toMatchObject({ name: "ConfigurationError" });
    expect((server.errors[0] as Error).message).toContain("onError");
  });
});
