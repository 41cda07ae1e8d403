import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_STREAM_IDLE_TIMEOUT_MS, IdleWatch } from "./idle-watch.js";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("IdleWatch", () => {
  it("defaults to 60 s", () => {
    expect(DEFAULT_STREAM_IDLE_TIMEOUT_MS).toBe(60_000);
  });

  it("fires once after the timeout of waiting with no event, not before", () => {
    const onIdle = vi.fn();
    const watch = new IdleWatch(1_000, onIdle);
    vi.advanceTimersByTime(600);
    watch.arrived();
    watch.waiting();
    vi.advanceTimersByTime(900);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(watch.fired).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("does not count time between an event and the next wait (the consumer's time)", () => {
    const onIdle = vi.fn();
    const watch = new IdleWatch(1_000, onIdle);
    watch.arrived();
    vi.advanceTimersByTime(5_000);
    expect(onIdle).not.toHaveBeenCalled();
    watch.waiting();
    vi.advanceTimersByTime(999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("watches nothing with 0, and nothing after stop()", () => {
    const off = vi.fn();
    new IdleWatch(0, off);
    const stopped = vi.fn();
    new IdleWatch(1_000, stopped).stop();
    vi.advanceTimersByTime(DEFAULT_STREAM_IDLE_TIMEOUT_MS * 2);
    expect(off).not.toHaveBeenCalled();
    expect(stopped).not.toHaveBeenCalled();
  });
});
