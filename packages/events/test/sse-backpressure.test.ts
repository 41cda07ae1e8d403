import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { decodeSseEvents, sseResponse, startRunSession, type RunSession } from "../src/index.js";
import { sendSse } from "../src/node/index.js";
import { collect, isStrictlyIncreasing, seqs, sleep, startServer, waitUntil, type TestServer } from "./support/sse-test-server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const DELTAS = 20_000;

function deltaRun(chunk: (i: number) => string) {
  let produced = 0;
  const counter = { emit: () => void produced++ };
  const chunks = Array.from({ length: DELTAS }, (_, i) => chunk(i));
  return {
    chunks,
    produced: () => produced,
    start: ({ signal, sink }: { signal: AbortSignal; sink: { emit(event: never): unknown } }) =>
      run({ provider: scriptedModel([{ text: chunks }]), model: "m", input: "go", signal, sinks: [counter, sink as never] }),
  };
}

/** Waits until `count()` stopped growing for 4 checks 25 ms apart; returns it. */
async function untilStalled(count: () => number): Promise<number> {
  let previous = -1;
  let stable = 0;
  for (let i = 0; i < 400 && stable < 4; i++) {
    await sleep(25);
    const now = count();
    stable = now === previous ? stable + 1 : 0;
    previous = now;
  }
  expect(stable).toBe(4);
  return previous;
}

describe("backpressure through SSE", () => {
  it("an sseResponse body nobody reads stalls the run; reading it lets the run finish with every event", async () => {
    const highWaterMark = 32;
    const model = deltaRun((i) => `w${i} `);
    const session = startRunSession({ highWaterMark, start: model.start });
    const response = sseResponse(session, { heartbeatMs: 0 });
    const producedWhileUnread = await untilStalled(model.produced);
    expect(session.done).toBe(false);
    // the events of the body's first pull, at most highWaterMark queued, and what the loop emits without waiting
    expect(producedWhileUnread).toBeGreaterThanOrEqual(highWaterMark);
    expect(producedWhileUnread).toBeLessThanOrEqual(2 * highWaterMark + 8);

    const events = await collect(decodeSseEvents(response.body as ReadableStream<Uint8Array>));
    const result = await session.result;
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe(model.chunks.join(""));
    expect(events).toHaveLength(model.produced());
    expect(events.filter((e) => e.type === "text-delta")).toHaveLength(DELTAS);
    expect(isStrictlyIncreasing(seqs(events))).toBe(true);
  });

  it("a TCP client that stops reading stalls a run served by sendSse instead of filling memory", async () => {
    const model = deltaRun((i) => `${i}:${"x".repeat(2000)} `); // ~40 MB of SSE in all
    const sessions: RunSession[] = [];
    server = await startServer((req, res) => {
      const session = startRunSession({ highWaterMark: 64, start: model.start });
      sessions.push(session);
      return sendSse(req, res, session, { heartbeatMs: 0 });
    });
    const port = Number(new URL(server.url).port);
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
    socket.pause(); // never read
    await waitUntil(() => sessions.length === 1);
    const stalledAt = await untilStalled(model.produced);
    const stalled = sessions[0] as RunSession;
    expect(stalled.done).toBe(false);
    expect(stalledAt).toBeLessThan(DELTAS / 2);
    expect(stalled.hub.replay.size).toBeLessThanOrEqual(1000);
    socket.destroy();
    stalled.abort();
    expect((await stalled.result).stopReason).toBe("aborted");
  });
});
