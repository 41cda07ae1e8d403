import { describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { encodeSseEvent } from "../src/index.js";
import { random } from "./support/random.js";

/** What the encoder must write for any event: JSON.stringify's text. */
const expected = (event: StreamEvent): string => `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** A text delta as the loop makes it: { type, text } stamped with run id, agent path, seq, content index and time. */
const delta = (text: string, runId = "run-1", agentPath = "main", seq = 3): StreamEvent =>
  ({ type: "text-delta", text, runId, agentPath, seq, contentIndex: 1, timestamp: 1_750_000_000_123 }) as StreamEvent;

describe("encodeSseEvent on text deltas (written without JSON.stringify)", () => {
  it("writes exactly what JSON.stringify writes, for tricky text, ids and paths", () => {
    const texts = [
      "",
      "plain",
      'quote " and \\ backslash',
      "line\nbreak\r\n\ttab",
      "\u0000\u001f\u007f",
      "\u2028\u2029",
      "é 中文 🎉",
      "\ud800 lone \udfff",
      "</script>",
    ];
    for (const text of texts) {
      for (const [runId, agentPath] of [
        ["run-1", "main"],
        ['run "2"', "main/researcher#2"],
        ["run\n3", "a\\b"],
      ] as const) {
        const event = delta(text, runId, agentPath);
        expect(encodeSseEvent(event)).toBe(expected(event));
      }
    }
  });

  it("matches JSON.stringify on 2,000 random texts, run ids and paths alternating", () => {
    const next = random(26);
    const char = () => {
      const pick = next();
      if (pick < 0.6) return String.fromCharCode(32 + Math.floor(next() * 95));
      if (pick < 0.8) return String.fromCharCode(Math.floor(next() * 32));
      return String.fromCharCode(Math.floor(next() * 0x10000));
    };
    const string = (max: number) => Array.from({ length: Math.floor(next() * max) }, char).join("");
    for (let i = 0; i < 2000; i++) {
      const event = delta(string(40), i % 3 === 0 ? string(10) : "run-1", i % 5 === 0 ? string(8) : "main", i + 1);
      expect(encodeSseEvent(event)).toBe(expected(event));
    }
  });

  it("leaves any other shape to JSON.stringify: an extra key, another order, a toJSON, a class, numbers JSON writes as null", () => {
    const base = delta("hi") as unknown as Record<string, unknown>;
    const shapes: Record<string, unknown>[] = [
      { ...base, extra: { nested: [1, 2] } },
      { text: "hi", ...base },
      { ...base, toJSON: () => ({ type: "text-delta", seq: 3, replaced: true }) },
      { ...base, timestamp: Number.NaN },
      { ...base, contentIndex: Number.POSITIVE_INFINITY },
      { ...base, text: 42 },
      Object.assign(Object.create({ inherited: "yes" }), base),
    ];
    class Delta {
      constructor(readonly fields: Record<string, unknown>) {
        Object.assign(this, fields);
      }
      toJSON() {
        return { type: "text-delta", seq: 3, fromClass: true };
      }
    }
    shapes.push(new Delta(base) as unknown as Record<string, unknown>);
    for (const shape of shapes) expect(encodeSseEvent(shape as unknown as StreamEvent)).toBe(expected(shape as unknown as StreamEvent));
  });
});
