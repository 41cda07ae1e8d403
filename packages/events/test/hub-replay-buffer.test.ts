import { describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { ReplayBuffer } from "../src/index.js";

const event = (seq: number): StreamEvent => ({ type: "text-delta", text: `t${seq}`, runId: "r", agentPath: "main", seq, contentIndex: 0, timestamp: seq });
const seqsOf = (events: StreamEvent[] | undefined) => events?.map((e) => e.seq);

describe("ReplayBuffer", () => {
  it("keeps the last `capacity` events and replays those after a seq", () => {
    const buffer = new ReplayBuffer(3);
    expect(buffer.size).toBe(0);
    expect(buffer.oldestSeq).toBeUndefined();
    expect(seqsOf(buffer.after(0))).toEqual([]);
    for (let seq = 1; seq <= 5; seq++) buffer.push(event(seq));
    expect(buffer.size).toBe(3);
    expect(buffer.oldestSeq).toBe(3);
    expect(buffer.lastSeq).toBe(5);
    expect(buffer.replayableAfter).toBe(2);
    expect(seqsOf(buffer.after(2))).toEqual([3, 4, 5]);
    expect(seqsOf(buffer.after(3))).toEqual([4, 5]);
    expect(seqsOf(buffer.after(5))).toEqual([]);
    expect(seqsOf(buffer.after(9))).toEqual([]);
    expect(buffer.after(1)).toBeUndefined();
    expect(buffer.after(0)).toBeUndefined();
  });

  it("wraps around many times and still returns events oldest first", () => {
    const buffer = new ReplayBuffer(7);
    for (let seq = 1; seq <= 1000; seq++) buffer.push(event(seq));
    expect(seqsOf(buffer.after(993))).toEqual([994, 995, 996, 997, 998, 999, 1000]);
    expect(seqsOf(buffer.after(997))).toEqual([998, 999, 1000]);
    expect(buffer.after(992)).toBeUndefined();
  });

  it("finds the start by seq even when seqs have gaps", () => {
    const buffer = new ReplayBuffer(10);
    for (const seq of [2, 5, 6, 9, 14]) buffer.push(event(seq));
    expect(seqsOf(buffer.after(0))).toEqual([2, 5, 6, 9, 14]);
    expect(seqsOf(buffer.after(5))).toEqual([6, 9, 14]);
    expect(seqsOf(buffer.after(7))).toEqual([9, 14]);
  });

  it("with capacity 0 keeps nothing: only the newest seq can be resumed from", () => {
    const buffer = new ReplayBuffer(0);
    expect(seqsOf(buffer.after(0))).toEqual([]);
    buffer.push(event(1));
    buffer.push(event(2));
    expect(buffer.size).toBe(0);
    expect(buffer.oldestSeq).toBeUndefined();
    expect(seqsOf(buffer.after(2))).toEqual([]);
    expect(buffer.after(1)).toBeUndefined();
  });

  it("rejects a capacity that is not an integer >= 0", () => {
    expect(() => new ReplayBuffer(-1)).toThrow(RangeError);
    expect(() => new ReplayBuffer(1.5)).toThrow("ReplayBuffer capacity must be an integer >= 0, got 1.5.");
  });
});
