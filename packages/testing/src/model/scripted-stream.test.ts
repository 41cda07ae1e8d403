import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RunAbortedError, userMessage, type ModelRequest, type ModelStreamPart } from "@baton/core";
import { scriptedModel } from "./scripted-model.js";

function request(signal?: AbortSignal): ModelRequest {
  return { model: "test", messages: [userMessage("hi")], ...(signal ? { signal } : {}) };
}

async function collect(stream: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("scripted stream timing", () => {
  it("starts no timer when the turn has no delays", async () => {
    vi.useFakeTimers();
    const model = scriptedModel([{ text: ["a", "b"], toolCalls: [{ name: "t" }] }]);
    const parts = await collect(model.stream(request()));
    expect(parts).toHaveLength(6);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("waits delayMs before the first part and chunkDelayMs between parts", async () => {
    vi.useFakeTimers();
    const iterator = scriptedModel([{ text: ["a", "b"], delayMs: 100, chunkDelayMs: 10 }])
      .stream(request())
      [Symbol.asyncIterator]();
    let settled = false;
    const first = iterator.next().then((result) => {
      settled = true;
      return result;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await first).toEqual({ done: false, value: { type: "text-delta", text: "a" } });

    const second = iterator.next();
    await vi.advanceTimersByTimeAsync(10);
    expect(await second).toEqual({ done: false, value: { type: "text-delta", text: "b" } });
    const rest = (async () => {
      const values: unknown[] = [];
      for (let result = await iterator.next(); !result.done; result = await iterator.next()) values.push(result.value);
      return values;
    })();
    await vi.advanceTimersByTimeAsync(20);
    expect((await rest).map((part) => (part as ModelStreamPart).type)).toEqual(["usage", "finish"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("removes its abort listener after a delayed stream completes", async () => {
    const controller = new AbortController();
    await collect(scriptedModel([{ text: ["a", "b"], delayMs: 1, chunkDelayMs: 1 }]).stream(request(controller.signal)));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });
});

describe("scripted stream abort", () => {
  it("rejects promptly with RunAbortedError when aborted during a delay, leaving no timer or listener", async () => {
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(new Error("user cancelled")), 20);
    const error = await collect(scriptedModel([{ text: "late", delayMs: 10_000 }]).stream(request(controller.signal))).catch((caught: unknown) => caught);
    // Far below the 10 s delay it cut short, with room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(RunAbortedError);
    expect(error).toMatchObject({ code: "RUN_ABORTED" });
    expect((error as Error).cause).toEqual(new Error("user cancelled"));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("clears its timer on abort (fake timers)", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = collect(scriptedModel([{ text: ["a", "b"], chunkDelayMs: 5_000 }]).stream(request(controller.signal)));
    const outcome = pending.catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    expect(await outcome).toBeInstanceOf(RunAbortedError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects at the first part when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const seen: ModelStreamPart[] = [];
    const error = await (async () => {
      for await (const part of scriptedModel(["never"]).stream(request(controller.signal))) seen.push(part);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RunAbortedError);
    expect(seen).toEqual([]);
  });

  it("stops between parts when aborted mid-stream", async () => {
    const controller = new AbortController();
    const seen: ModelStreamPart[] = [];
    const error = await (async () => {
      for await (const part of scriptedModel([{ text: ["a", "b", "c"] }]).stream(request(controller.signal))) {
        seen.push(part);
        controller.abort();
      }
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RunAbortedError);
    expect(seen).toEqual([{ type: "text-delta", text: "a" }]);
  });

  it("ends cleanly when the consumer breaks early", async () => {
    const iterable = scriptedModel([{ text: ["a", "b"] }]).stream(request());
    for await (const part of iterable) {
      expect(part).toEqual({ type: "text-delta", text: "a" });
      break;
    }
    expect(await iterable[Symbol.asyncIterator]().next()).toEqual({ done: true, value: undefined });
  });
});

describe("scripted stream in long benchmarks", () => {
  // Its speed is measured by the benchmarks (bench/), not asserted here: a loaded machine would fail a time bound.
  it("streams thousands of turns, each whole and alike, and keeps no request with recordRequests: false", async () => {
    const model = scriptedModel([{ text: "ok", toolCalls: [{ name: "t", arguments: { n: 1 } }] }], { repeatLast: true, recordRequests: false });
    const req = request();
    const first = await collect(model.stream(req));
    expect(first.map((part) => part.type)).toEqual(["text-delta", "tool-call-delta", "tool-call-delta", "usage", "finish"]);
    expect(first).toContainEqual(expect.objectContaining({ type: "text-delta", text: "ok" }));
    const shape = (parts: ModelStreamPart[]) => parts.map((part) => (part.type === "text-delta" ? `text ${part.text}` : part.type));
    for (let i = 1; i < 5_000; i++) {
      const parts = await collect(model.stream(req));
      if (parts.length !== first.length) expect(shape(parts)).toEqual(shape(first));
    }
    expect(shape(await collect(model.stream(req)))).toEqual(shape(first));
    expect(model.callCount).toBe(5_001);
    expect(model.requests).toEqual([]);
  });
});
