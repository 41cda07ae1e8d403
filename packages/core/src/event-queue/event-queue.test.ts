import { describe, expect, it } from "vitest";
import { EventQueue } from "./event-queue.js";

async function take<T>(iterator: AsyncIterator<T>, n: number): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) {
    const step = await iterator.next();
    if (step.done) break;
    out.push(step.value);
  }
  return out;
}

describe("EventQueue", () => {
  it("delivers events in order and ends after close once drained", async () => {
    const queue = new EventQueue<number>();
    queue.emit(1);
    queue.emit(2);
    queue.close();
    queue.emit(3); // after close: ignored
    const seen: number[] = [];
    for await (const n of queue) seen.push(n);
    expect(seen).toEqual([1, 2]);
  });

  it("hands an event straight to a waiting reader", async () => {
    const queue = new EventQueue<string>();
    const iterator = queue[Symbol.asyncIterator]();
    const pending = iterator.next();
    expect(queue.emit("a")).toBeUndefined();
    expect(await pending).toEqual({ value: "a", done: false });
    expect(queue.size).toBe(0);
  });

  it("asks the producer to wait at the high-water mark and releases it at half", async () => {
    const queue = new EventQueue<number>({ highWaterMark: 4 });
    expect(queue.emit(1)).toBeUndefined();
    expect(queue.emit(2)).toBeUndefined();
    expect(queue.emit(3)).toBeUndefined();
    const wait = queue.emit(4);
    expect(wait).toBeInstanceOf(Promise);
    expect(queue.emit(5)).toBe(wait); // one shared promise while full
    let released = false;
    void wait!.then(() => (released = true));
    const iterator = queue[Symbol.asyncIterator]();
    expect(await take(iterator, 2)).toEqual([1, 2]);
    await Promise.resolve();
    expect(released).toBe(false); // 3 still queued: above the low-water mark (2)
    expect(await take(iterator, 1)).toEqual([3]);
    await Promise.resolve();
    expect(released).toBe(true);
    expect(queue.size).toBe(2);
  });

  it("calls onConsumerExit once when the reader leaves early, drops the queue and frees the producer", async () => {
    let exits = 0;
    const queue = new EventQueue<number>({ highWaterMark: 2, onConsumerExit: () => exits++ });
    queue.emit(1);
    const wait = queue.emit(2);
    const iterator = queue[Symbol.asyncIterator]();
    await iterator.return!();
    await iterator.return!();
    await wait;
    expect(exits).toBe(1);
    expect(queue.isClosed).toBe(true);
    expect(queue.size).toBe(0);
    expect(queue.emit(3)).toBeUndefined();
  });

  it("does not report an exit when the reader leaves after close", async () => {
    let exits = 0;
    const queue = new EventQueue<number>({ onConsumerExit: () => exits++ });
    queue.close();
    await queue[Symbol.asyncIterator]().return!();
    expect(exits).toBe(0);
  });

  it("can be iterated once", () => {
    const queue = new EventQueue<number>();
    queue[Symbol.asyncIterator]();
    expect(() => queue[Symbol.asyncIterator]()).toThrow(/only once/);
  });

  it("keeps memory bounded over many events read one by one (compacts its array)", async () => {
    const queue = new EventQueue<number>({ highWaterMark: 100_000 });
    for (let i = 0; i < 50_000; i++) queue.emit(i);
    const iterator = queue[Symbol.asyncIterator]();
    let sum = 0;
    for (let i = 0; i < 50_000; i++) sum += (await iterator.next()).value as number;
    expect(sum).toBe((49_999 * 50_000) / 2);
    expect(queue.size).toBe(0);
  });
});

describe("EventQueue: batching and cancelling", () => {
  it("takeQueued() drains everything at once and frees the producer", async () => {
    const queue = new EventQueue<number>({ highWaterMark: 2, initial: [1] });
    const wait = queue.emit(2);
    expect(wait).toBeInstanceOf(Promise);
    expect(queue.takeQueued()).toEqual([1, 2]);
    await wait;
    expect(queue.takeQueued()).toEqual([]);
    queue.emit(3);
    expect(await queue.next()).toEqual({ value: 3, done: false });
  });

  it("allows one pending read at a time", async () => {
    const queue = new EventQueue<number>();
    const first = queue.next();
    await expect(queue.next()).rejects.toThrow("EventQueue: next() called while another read is pending.");
    queue.emit(1);
    expect(await first).toEqual({ value: 1, done: false });
  });

  it("cancel() ends a pending read, drops what is queued and reports the exit once", async () => {
    let exits = 0;
    const queue = new EventQueue<number>({ onConsumerExit: () => exits++ });
    const pending = queue.next();
    queue.cancel();
    queue.cancel();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(queue.isCancelled).toBe(true);
    expect(queue.isClosed).toBe(true);
    expect(exits).toBe(1);
  });
});
