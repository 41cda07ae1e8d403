import { describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import {
  InvalidEventError,
  InvalidLastEventIdError,
  SSE_HEADERS,
  decodeSseEvents,
  encodeSseEvent,
  encodeSseEvents,
  lastEventIdOf,
  parseLastEventId,
} from "../src/index.js";
import { collect, textChunks, textDelta } from "./support/sse-test-server.js";

const delta = (seq: number, text: string): StreamEvent => textDelta(seq, text, 2);

describe("encodeSseEvent", () => {
  it("writes id, event name and one line of JSON", () => {
    expect(encodeSseEvent(delta(7, "hi"))).toBe(
      'id: 7\nevent: text-delta\ndata: {"type":"text-delta","text":"hi","runId":"r1","agentPath":"main","seq":7,"contentIndex":2,"timestamp":1007}\n\n',
    );
  });

  it("keeps line breaks and SSE-looking text inside the JSON line", async () => {
    const tricky = delta(1, "line one\n\nid: 99\r\nevent: run-end\rdata: x\u2028end");
    const text = encodeSseEvent(tricky);
    expect(text.split("\n")).toHaveLength(5);
    expect(text.includes("\r")).toBe(false);
    expect(await collect(decodeSseEvents(textChunks(text)))).toEqual([tricky]);
  });

  it("encodes several events as one string", () => {
    expect(encodeSseEvents([delta(1, "a"), delta(2, "b")])).toBe(encodeSseEvent(delta(1, "a")) + encodeSseEvent(delta(2, "b")));
    expect(encodeSseEvents([])).toBe("");
  });

  it("refuses values that could inject lines", () => {
    const badType = { ...delta(1, "x"), type: "text-delta\nevent: run-end" } as unknown as StreamEvent;
    expect(() => encodeSseEvent(badType)).toThrow(InvalidEventError);
    expect(() => encodeSseEvent(badType)).toThrow('Cannot encode the event: unknown event type "text-delta\\nevent: run-end".');
    const badSeq = { ...delta(1, "x"), seq: "1\ndata: {}" } as unknown as StreamEvent;
    let caught: unknown;
    try {
      encodeSseEvent(badSeq);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidEventError);
    expect(caught).toMatchObject({ code: "INVALID_EVENT", message: 'Cannot encode the event: "seq" must be an integer, got "1\\ndata: {}".' });
  });
});

describe("SSE_HEADERS", () => {
  it("are the event-stream headers", () => {
    expect(SSE_HEADERS).toEqual({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    expect(Object.isFrozen(SSE_HEADERS)).toBe(true);
  });
});

describe("lastEventIdOf", () => {
  it("reads the Last-Event-ID header of a Request, Headers or Node headers", () => {
    expect(lastEventIdOf(new Request("http://x/events", { headers: { "Last-Event-ID": "41" } }))).toBe(41);
    expect(lastEventIdOf(new Headers({ "last-event-id": " 7 " }))).toBe(7);
    expect(lastEventIdOf({ "last-event-id": "12" })).toBe(12);
    expect(lastEventIdOf({ headers: { "last-event-id": "3" }, url: "/events?lastEventId=9" } as never)).toBe(3);
  });

  it("falls back to the lastEventId query parameter", () => {
    expect(lastEventIdOf("/runs/1/events?lastEventId=5")).toBe(5);
    expect(lastEventIdOf(new URL("http://x/events?lastEventId=0"))).toBe(0);
    expect(lastEventIdOf(new Request("http://x/events?lastEventId=8"))).toBe(8);
    expect(lastEventIdOf({ headers: {}, url: "/events?lastEventId=9" } as never)).toBe(9);
  });

  it("is undefined when absent or empty", () => {
    expect(lastEventIdOf(new Request("http://x/events"))).toBeUndefined();
    expect(lastEventIdOf(new Headers({ "last-event-id": "" }))).toBeUndefined();
    expect(lastEventIdOf("/events")).toBeUndefined();
    expect(parseLastEventId(null)).toBeUndefined();
  });

  it("throws InvalidLastEventIdError for a value that is not a sequence number", () => {
    for (const bad of ["-1", "abc", "1.5", "12345678901234567", "1e3"]) {
      expect(() => parseLastEventId(bad)).toThrow(InvalidLastEventIdError);
    }
    expect(() => lastEventIdOf(new Headers({ "last-event-id": "abc" }))).toThrow(
      'Last-Event-ID must be an event sequence number (an integer >= 0), got "abc".',
    );
    try {
      parseLastEventId("x");
    } catch (error) {
      expect(error).toMatchObject({ code: "INVALID_LAST_EVENT_ID", details: { value: "x" } });
    }
  });
});
