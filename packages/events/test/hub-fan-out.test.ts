import { describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { EventHub } from "../src/index.js";
import { agentRun, collect, isStrictlyIncreasing, recorder, seqs, sleep } from "./support/sse-test-server.js";

const event = (seq: number): StreamEvent => ({ type: "text-delta", text: `t${seq}`, runId: "r", agentPath: "main", seq, contentIndex: 0, timestamp: seq });

describe("EventHub fan-out", () => {
  it("a slow subscriber, a throwing callback and a recording callback see the same ordered events of a run", async () => {
    const reported: { consumer: string; message: string; seq: number }[] = [];
    const hub = new EventHub({
      highWaterMark: 4,
      onConsumerError: (error, consumer) => {
        const { message, seq } = error as Error & { seq: number };
        reported.push({ consumer, message, seq });
      },
    });
    const recorded: StreamEvent[] = [];
    const throwingSaw: StreamEvent[] = [];
    hub.on((e) => void recorded.push(e), { name: "recording" });
    hub.on(
      (e) => {
        throwingSaw.push(e);
        if (e.type === "text-delta") throw Object.assign(new Error(`cannot render ${e.seq}`), { seq: e.seq });
      },
      { name: "throwing" },
    );
    const slow = hub.subscribe({ name: "slow" });
    const slowSaw = (async () => {
      const seen: StreamEvent[] = [];
      for await (const e of slow) {
        seen.push(e);
        await sleep(1);
      }
      return seen;
    })();
    expect(hub.consumers).toBe(3);

    const inProcess = recorder();
    const result = await agentRun({ signal: new AbortController().signal, sinks: [inProcess, hub] });
    hub.close();
    const slowEvents = await slowSaw;

    expect(result.stopReason).toBe("completed");
    expect(inProcess.events.length).toBeGreaterThan(15);
    expect(isStrictlyIncreasing(seqs(inProcess.events))).toBe(true);
    expect(recorded).toEqual(inProcess.events);
    expect(throwingSaw).toEqual(inProcess.events);
    expect(slowEvents).toEqual(inProcess.events);
    const deltas = inProcess.events.filter((e) => e.type === "text-delta");
    expect(deltas).toHaveLength(12);
    expect(reported).toEqual(deltas.map((e) => ({ consumer: "throwing", message: `cannot render ${e.seq}`, seq: e.seq })));
    expect(hub.consumerErrors).toEqual([]);
  });

  it("keeps consumer errors on the hub when no onConsumerError is given, and a failing handler changes nothing", async () => {
    const quiet = new EventHub();
    quiet.on(() => {
      throw new Error("boom");
    });
    quiet.on(() => Promise.reject(new Error("async boom")), { name: "async" });
    const seen: number[] = [];
    quiet.on((e) => void seen.push(e.seq));
    await quiet.emit(event(1));
    expect(seen).toEqual([1]);
    expect(quiet.consumerErrors.map(({ consumerName, error }) => [consumerName, (error as Error).message])).toEqual([
      ["callback#1", "boom"],
      ["async", "async boom"],
    ]);

    const loud = new EventHub({
      onConsumerError: () => {
        throw new Error("handler failed too");
      },
    });
    const after: number[] = [];
    loud.on(() => {
      throw new Error("boom");
    });
    loud.on((e) => void after.push(e.seq));
    expect(() => loud.emit(event(1))).not.toThrow();
    expect(after).toEqual([1]);
  });

  it("a callback's returned promise makes emit return a promise that settles when it does, even when it rejects", async () => {
    const hub = new EventHub({ onConsumerError: () => undefined });
    let release: (() => void) | undefined;
    hub.on(() => new Promise<void>((resolve) => (release = resolve)));
    const wait = hub.emit(event(1));
    expect(wait).toBeInstanceOf(Promise);
    let settled = false;
    void wait?.then(() => (settled = true));
    await sleep(5);
    expect(settled).toBe(false);
    release?.();
    await wait;
    expect(settled).toBe(true);

    const failing = new EventHub({ onConsumerError: () => undefined });
    failing.on(() => Promise.reject(new Error("no")));
    await expect(failing.emit(event(1))).resolves.toBeUndefined();
  });

  it("emit returns nothing when no consumer is behind, and the removal function detaches a callback", () => {
    const hub = new EventHub();
    const seen: number[] = [];
    const off = hub.on((e) => void seen.push(e.seq));
    const subscription = hub.subscribe();
    expect(hub.emit(event(1))).toBeUndefined();
    off();
    expect(hub.consumers).toBe(1);
    expect(hub.emit(event(2))).toBeUndefined();
    expect(seen).toEqual([1]);
    expect(seqs(subscription.takeQueued())).toEqual([1, 2]);
  });

  it("a callback that removes itself while an event is delivered does not disturb the others", async () => {
    const hub = new EventHub();
    const first: number[] = [];
    const second: number[] = [];
    const off = hub.on((e) => {
      first.push(e.seq);
      off();
    });
    hub.on((e) => void second.push(e.seq));
    for (let seq = 1; seq <= 3; seq++) hub.emit(event(seq));
    expect(first).toEqual([1]);
    expect(second).toEqual([1, 2, 3]);
    hub.close();
    expect(await collect(hub.subscribe({ after: 0 }))).toHaveLength(3);
  });
});
