import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { abortableDelay } from "./abortable-delay.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("abortableDelay", () => {
  it("resolves after the delay and removes its listener", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    let done = false;
    const pending = abortableDelay(50, controller.signal, (reason) => reason).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(49);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(done).toBe(true);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("rejects with the mapped reason on abort and clears its timer", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = abortableDelay(1_000, controller.signal, (reason) => ({ wrapped: reason }));
    expect(vi.getTimerCount()).toBe(1);
    controller.abort("why");
    await expect(pending).rejects.toEqual({ wrapped: "why" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("starts no timer for a zero delay and rejects at once for an aborted signal", async () => {
    vi.useFakeTimers();
    await abortableDelay(0, undefined, () => "unused");
    expect(vi.getTimerCount()).toBe(0);
    await expect(abortableDelay(10, AbortSignal.abort("early"), (reason) => reason)).rejects.toBe("early");
    expect(vi.getTimerCount()).toBe(0);
  });
});
