import { describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { SseDecodeError, decodeSseEvents, type SseDecodeProblem } from "../src/client/index.js";
import { encodeSseEvent, encodeSseEvents } from "../src/index.js";
import { collect, seqs, textChunks } from "./support/sse-test-server.js";

const delta = (seq: number, text = `t${seq}`): StreamEvent => ({
  type: "text-delta",
  text,
  runId: "r1",
  agentPath: "main",
  seq,
  contentIndex: 0,
  timestamp: 5,
});
const json = (value: unknown) => JSON.stringify(value);

/** Decodes `text`, returning the events before the failure and the failure. */
async function decodeFailing(text: string): Promise<{ events: StreamEvent[]; error: SseDecodeError }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of decodeSseEvents(textChunks(text), { strict: true })) events.push(event);
  } catch (error) {
    expect(error).toBeInstanceOf(SseDecodeError);
    return { events, error: error as SseDecodeError };
  }
  throw new Error("expected the decoder to fail");
}

describe("decodeSseEvents: event types of a newer protocol", () => {
  it("skips a well-formed event of an unknown type, reports it, and goes on", async () => {
    const unknown: Record<string, unknown>[] = [];
    const text = `${encodeSseEvent(delta(1))}id: 2\nevent: ping\ndata: ${json({ ...delta(2), type: "ping", extra: 1 })}\n\n${encodeSseEvent(delta(3))}`;
    const events = await collect(decodeSseEvents(textChunks(text), { onUnknownEvent: (event) => unknown.push(event) }));
    expect(seqs(events)).toEqual([1, 3]);
    expect(unknown).toEqual([{ ...delta(2), type: "ping", extra: 1 }]);
  });

  it("still refuses a malformed event whatever its type", async () => {
    const text = `${encodeSseEvent(delta(1))}event: ping\ndata: ${json({ type: "ping", seq: 2 })}\n\n`;
    await expect(collect(decodeSseEvents(textChunks(text)))).rejects.toMatchObject({
      reason: "not-an-event",
      message: expect.stringContaining('"runId" must be a string'),
    });
  });
});

describe("decodeSseEvents: malformed input (strict)", () => {
  const good = encodeSseEvent(delta(1));
  const cases: [string, string, SseDecodeProblem, string][] = [
    ["bad JSON", `id: 2\nevent: text-delta\ndata: {"type":"text-delta",\n\n`, "invalid-json", "the data of an event is not valid JSON"],
    [
      "valid JSON that is not an event",
      `id: 2\nevent: text-delta\ndata: ${json({ hello: "world" })}\n\n`,
      "not-an-event",
      'the data is not a Baton stream event: "type" must be a non-empty string, got nothing',
    ],
    [
      "an event without a seq",
      `event: text-delta\ndata: ${json({ ...delta(2), seq: undefined })}\n\n`,
      "not-an-event",
      'the data is not a Baton stream event: "seq" must be an integer > 0, got nothing',
    ],
    [
      "an unknown event name",
      `id: 2\nevent: ping\ndata: ${json({ ...delta(2), type: "ping" })}\n\n`,
      "unknown-event-type",
      'unknown event type "ping" in the "event:" line',
    ],
    [
      "an unknown type in unnamed data",
      `id: 2\ndata: ${json({ ...delta(2), type: "ping" })}\n\n`,
      "unknown-event-type",
      'the data is not a Baton stream event: unknown event type "ping"',
    ],
    ["an id that is not the seq", `id: 7\nevent: text-delta\ndata: ${json(delta(2))}\n\n`, "id-mismatch", 'the "id:" line says "7" but the data\'s seq is 2'],
    [
      "an event name that is not the type",
      `id: 2\nevent: run-end\ndata: ${json(delta(2))}\n\n`,
      "type-mismatch",
      'the "event:" line says "run-end" but the data\'s type is "text-delta"',
    ],
  ];

  it.each(cases)("%s → SseDecodeError naming the problem, after the valid events before it", async (_name, bad, reason, problem) => {
    const { events, error } = await decodeFailing(good + bad + encodeSseEvent(delta(3)));
    expect(seqs(events)).toEqual([1]);
    expect(error.code).toBe("EVENT_DECODE_ERROR");
    expect(error.reason).toBe(reason);
    expect(error.message.startsWith(`Invalid Baton event stream: ${problem}`)).toBe(true);
    const data =
      bad
        .split("\n")
        .find((line) => line.startsWith("data: "))
        ?.slice(6) ?? "";
    expect(error.message.endsWith(`Offending text: ${JSON.stringify(data)}`)).toBe(true);
    expect(error.details).toMatchObject({ reason, text: data });
  });

  it("cuts the offending text to 200 characters", async () => {
    const long = `{"type": "text-delta", "text": "${"x".repeat(500)}`;
    const { error } = await decodeFailing(`data: ${long}\n\n`);
    expect(error.reason).toBe("invalid-json");
    expect(error.text).toBe(`${long.slice(0, 200)}…`);
    expect(error.message.endsWith(`Offending text: ${JSON.stringify(`${long.slice(0, 200)}…`)}`)).toBe(true);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it("fails when a message still incomplete grows past maxMessageSize", async () => {
    const events: StreamEvent[] = [];
    const big = encodeSseEvent(delta(2, "y".repeat(5000)));
    await expect(
      (async () => {
        const body = textChunks(encodeSseEvent(delta(1)), big.slice(0, 3000), big.slice(3000));
        for await (const e of decodeSseEvents(body, { maxMessageSize: 1000 })) events.push(e);
      })(),
    ).rejects.toMatchObject({ code: "EVENT_DECODE_ERROR", reason: "stream-too-large" });
    expect(seqs(events)).toEqual([1]);
  });
});

describe("decodeSseEvents: well-formed input", () => {
  const events = [delta(1, "héllo 👋 "), delta(2, "wörld"), delta(3, "\n\n")];
  const text = encodeSseEvents(events);

  it("decodes events split at any byte, including inside multi-byte characters", async () => {
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 2, 3, 7, 64]) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
          controller.close();
        },
      });
      expect(await collect(decodeSseEvents(body))).toEqual(events);
    }
  });

  it("skips comments and reports them and retry hints; ignores unknown fields and CRLF line ends", async () => {
    const comments: string[] = [];
    const retries: number[] = [];
    const body = `: heartbeat\n\nretry: 2500\n\n${text.replaceAll("\n", "\r\n")}x-unknown: 1\n\n: bye\n\n`;
    const decoded = await collect(decodeSseEvents(textChunks(body), { onComment: (c) => comments.push(c), onRetry: (ms) => retries.push(ms) }));
    expect(decoded).toEqual(events);
    expect(comments).toEqual(["heartbeat", "bye"]);
    expect(retries).toEqual([2500]);
  });

  it("accepts messages without id or event lines, and drops an unterminated last message", async () => {
    const plain = `data: ${json(delta(1))}\n\n` + `data: ${json(delta(2))}\n`;
    expect(seqs(await collect(decodeSseEvents(textChunks(plain))))).toEqual([1]);
  });

  it("cancels the body when the consumer stops early", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(encodeSseEvent(delta(1))));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of decodeSseEvents(body)) {
      expect(event.seq).toBe(1);
      break;
    }
    expect(cancelled).toBe(true);
  });
});
