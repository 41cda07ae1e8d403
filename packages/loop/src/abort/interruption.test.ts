import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RunAbortedError } from "@baton/core";
import { AbortHub } from "./abort-hub.js";
import { Interruption } from "./interruption.js";

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on("unhandledRejection", onUnhandled);
});
afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("Interruption", () => {
  it("settles with the work when it is not interrupted", async () => {
    const interruption = new Interruption(new AbortHub(undefined));
    await expect(interruption.race(Promise.resolve(42))).resolves.toBe(42);
    await expect(interruption.race(Promise.reject(new Error("tool failed")))).rejects.toThrow("tool failed");
  });

  it("rejects at once on the run's abort, even when the work never settles, and aborts the work's signal", async () => {
    const controller = new AbortController();
    const interruption = new Interruption(new AbortHub(controller.signal));
    const signal = interruption.signal;
    const raced = interruption.race(new Promise(() => undefined));
    controller.abort("stop");
    await expect(raced).rejects.toBeInstanceOf(RunAbortedError);
    expect(signal.aborted).toBe(true);
    expect(interruption.isInterrupted).toBe(true);
  });

  it("the first reason wins and a signal created afterwards is already aborted", () => {
    const interruption = new Interruption(new AbortHub(undefined));
    interruption.interrupt("timeout");
    interruption.interrupt("other");
    expect(interruption.reason).toBe("timeout");
    expect(interruption.signal.aborted).toBe(true);
    expect(interruption.signal.reason).toBe("timeout");
  });

  it("work that rejects after the interruption never becomes an unhandled rejection", async () => {
    const interruption = new Interruption(new AbortHub(undefined));
    let rejectLater!: (error: unknown) => void;
    const pending = interruption.race(new Promise((_, reject) => (rejectLater = reject)));
    interruption.interrupt("timeout");
    await expect(pending).rejects.toBe("timeout");
    rejectLater(new Error("late failure"));
    // Raced after the interruption: returns at once, and the work's later rejection is handled too.
    let rejectLate2!: (error: unknown) => void;
    await expect(interruption.race(new Promise((_, reject) => (rejectLate2 = reject)))).rejects.toBe("timeout");
    rejectLate2(new Error("later failure"));
    await settle();
    expect(unhandled).toEqual([]);
  });

  it("a hub without a signal never aborts; subscribers of an aborted hub hear it at once", () => {
    const quiet = new AbortHub(undefined);
    expect(quiet.aborted).toBe(false);
    const heard: unknown[] = [];
    const hub = new AbortHub(AbortSignal.abort("gone"));
    hub.subscribe((error) => heard.push(error.code));
    expect(heard).toEqual(["RUN_ABORTED"]);
  });
});
