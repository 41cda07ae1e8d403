import { describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { EventHub } from "../src/index.js";
import { isStrictlyIncreasing, sleep } from "./support/sse-test-server.js";

const event = (seq: number): StreamEvent => ({ type: "text-delta", text: `t${seq}`, runId: "r", agentPath: "main", seq, contentIndex: 0, timestamp: seq });
const DELTAS = 20_000;

describe("EventHub backpressure", () => {
  it("returns a promise once highWaterMark events wait, and releases it when half were read", async () => {
    const hub = new EventHub({ highWaterMark: 8 });
    const subscription = hub.subscribe();
    const returned: (Promise<void> | undefined)[] = [];
    for (let seq = 1; seq <= 10; seq++) returned.push(hub.emit(event(seq)));
    expect(returned.slice(0, 7)).toEqual(new Array(7).fill(undefined));
    expect(returned[7]).toBeInstanceOf(Promise);
    // one promise is shared while the subscriber stays behind: no promise per event
    expect(returned[8]).toBe(returned[7]);
    expect(returned[9]).toBe(returned[7]);
    let released = false;
    void returned[7]?.then(() => (released = true));
    for (let i = 0; i < 5; i++) await subscription.next();
    await sleep(0);
    expect(subscription.size).toBe(5);
    expect(released).toBe(false);
    await subscription.next();
    await sleep(0);
    expect(subscription.size).toBe(4);
    expect(released).toBe(true);
    expect(hub.emit(event(11))).toBeUndefined();
  });

  it("takeQueued() and close() release a waiting producer", async () => {
    const hub = new EventHub({ highWaterMark: 2 });
    const taking = hub.subscribe();
    hub.emit(event(1));
    const wait = hub.emit(event(2));
    expect(wait).toBeInstanceOf(Promise);
    expect(taking.takeQueued()).toHaveLength(2);
    await wait;

    const leaving = hub.subscribe();
    taking.close();
    hub.emit(event(3));
    const blocked = hub.emit(event(4));
    expect(blocked).toBeInstanceOf(Promise);
    leaving.close();
    await blocked;
    expect(hub.consumers).toBe(0);
  });

  it("waits for every subscriber that is behind", async () => {
    const hub = new EventHub({ highWaterMark: 1 });
    const a = hub.subscribe();
    const b = hub.subscribe();
    const wait = hub.emit(event(1));
    let released = false;
    void wait?.then(() => (released = true));
    a.takeQueued();
    await sleep(0);
    expect(released).toBe(false);
    b.takeQueued();
    await sleep(0);
    expect(released).toBe(true);
  });

  it("keeps a run streaming 20,000 deltas within highWaterMark + a few events of a slow subscriber", async () => {
    const highWaterMark = 64;
    const hub = new EventHub({ highWaterMark, replay: 256 });
    const subscription = hub.subscribe({ name: "slow" });
    let maxQueued = 0;
    let produced = 0;
    const gauge = {
      emit: () => {
        produced++;
        if (subscription.size > maxQueued) maxQueued = subscription.size;
      },
    };
    const chunks = Array.from({ length: DELTAS }, (_, i) => `w${i} `);
    const running = run({ provider: scriptedModel([{ text: chunks }]), model: "m", input: "go", sinks: [hub, gauge] }).finally(() => hub.close());

    let read = 0;
    let lastSeq = 0;
    let increasing = true;
    let maxAhead = 0;
    for await (const e of subscription) {
      increasing &&= e.seq > lastSeq;
      lastSeq = e.seq;
      read++;
      maxAhead = Math.max(maxAhead, produced - read);
      if (read % 50 === 0) await sleep(0); // a consumer that is much slower than the run
    }
    const result = await running;

    expect(result.stopReason).toBe("completed");
    expect(result.text.length).toBe(chunks.join("").length);
    expect(read).toBe(produced);
    expect(read).toBeGreaterThan(DELTAS);
    expect(increasing).toBe(true);
    expect(maxQueued).toBeGreaterThanOrEqual(highWaterMark - 1);
    expect(maxQueued).toBeLessThanOrEqual(highWaterMark + 4);
    expect(maxAhead).toBeLessThanOrEqual(highWaterMark + 4);
    // memory stays bounded: the replay buffer keeps its capacity, the queue is empty
    expect(hub.replay.size).toBe(256);
    expect(subscription.size).toBe(0);
  });

  it("delivers every event of a fast run in order to a subscriber that keeps up", async () => {
    const hub = new EventHub();
    const subscription = hub.subscribe();
    const running = run({ provider: scriptedModel([{ text: Array.from({ length: 2000 }, () => "x") }]), model: "m", input: "go", sinks: [hub] }).finally(() =>
      hub.close(),
    );
    const seen: number[] = [];
    for await (const e of subscription) seen.push(e.seq);
    await running;
    expect(isStrictlyIncreasing(seen)).toBe(true);
    expect(seen[0]).toBe(1);
    expect(seen.length).toBe(seen[seen.length - 1]);
  });
});
