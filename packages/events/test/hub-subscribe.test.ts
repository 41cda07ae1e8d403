import { describe, expect, it } from "vitest";
import { ConfigurationError, type StreamEvent } from "@baton/core";
import { EventHub, EventSubscription, InvalidLastEventIdError, ReplayUnavailableError } from "../src/index.js";
import { collect, seqs } from "./support/sse-test-server.js";

const event = (seq: number): StreamEvent => ({ type: "text-delta", text: `t${seq}`, runId: "r", agentPath: "main", seq, contentIndex: 0, timestamp: seq });
const emitRange = (hub: EventHub, from: number, to: number) => {
  for (let seq = from; seq <= to; seq++) hub.emit(event(seq));
};

describe("EventHub.subscribe", () => {
  it("without `after` gets live events only, in order, and ends after close()", async () => {
    const hub = new EventHub();
    emitRange(hub, 1, 3);
    const subscription = hub.subscribe();
    emitRange(hub, 4, 6);
    hub.close();
    expect(seqs(await collect(subscription))).toEqual([4, 5, 6]);
    expect(hub.closed).toBe(true);
    expect(hub.lastSeq).toBe(6);
  });

  it("joins the replay and the live events without gap or duplicate", async () => {
    const hub = new EventHub({ replay: 100 });
    emitRange(hub, 1, 10);
    const resumed = hub.subscribe({ after: 4 });
    const fromStart = hub.subscribe({ after: 0 });
    emitRange(hub, 11, 13);
    hub.close();
    expect(seqs(await collect(resumed))).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(seqs(await collect(fromStart))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it("refuses an `after` ahead of the last event emitted, skipping nothing for the others", async () => {
    const hub = new EventHub();
    emitRange(hub, 1, 2);
    expect(() => hub.subscribe({ after: 4 })).toThrow(InvalidLastEventIdError);
    expect(() => hub.subscribe({ after: 3 })).toThrow(expect.objectContaining({ code: "INVALID_LAST_EVENT_ID", details: { value: "3", lastSeq: 2 } }));
    expect(hub.consumers).toBe(0);
    const atTheEnd = hub.subscribe({ after: 2 });
    emitRange(hub, 3, 6);
    hub.close();
    expect(seqs(await collect(atTheEnd))).toEqual([3, 4, 5, 6]);
  });

  it("throws ReplayUnavailableError when the events after `after` were evicted", () => {
    const hub = new EventHub({ replay: 5 });
    emitRange(hub, 1, 20);
    expect(() => hub.subscribe({ after: 15 })).not.toThrow();
    let caught: unknown;
    try {
      hub.subscribe({ after: 3 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ReplayUnavailableError);
    const error = caught as ReplayUnavailableError;
    expect(error.code).toBe("REPLAY_UNAVAILABLE");
    expect(error.details).toEqual({ after: 3, oldestAvailable: 16, replayableAfter: 15 });
    expect(error.message).toBe(
      'Cannot resume after event 3: events up to 15 are no longer kept for replay (the oldest kept is 16). Reconnect without Last-Event-ID, or keep more events with the hub\'s "replay" option.',
    );
    expect(hub.consumers).toBe(1);
  });

  it("rejects an `after` that is not a sequence number", () => {
    const hub = new EventHub();
    expect(() => hub.subscribe({ after: -1 })).toThrow(ConfigurationError);
    expect(() => hub.subscribe({ after: 2.5 })).toThrow('EventHub.subscribe: "after" must be an integer >= 0, got 2.5.');
  });

  it("after close(), a late subscriber gets the replay and then the end", async () => {
    const hub = new EventHub({ replay: 3 });
    emitRange(hub, 1, 8);
    hub.close();
    expect(hub.emit(event(9))).toBeUndefined();
    expect(seqs(await collect(hub.subscribe({ after: 6 })))).toEqual([7, 8]);
    expect(seqs(await collect(hub.subscribe()))).toEqual([]);
    expect(hub.consumers).toBe(0);
    expect(() => hub.subscribe({ after: 2 })).toThrow(ReplayUnavailableError);
  });

  it("close() ends subscriptions only after their queued events are read", async () => {
    const hub = new EventHub();
    const subscription = hub.subscribe();
    emitRange(hub, 1, 4);
    hub.close();
    expect(subscription.ended).toBe(true);
    expect(subscription.size).toBe(4);
    expect(seqs(await collect(subscription))).toEqual([1, 2, 3, 4]);
  });

  it("a consumer leaving its loop early closes its subscription and detaches it", async () => {
    const hub = new EventHub();
    let closedCalls = 0;
    const subscription = hub.subscribe({ name: "tab", onClose: () => closedCalls++ });
    const other = hub.subscribe();
    expect(hub.consumers).toBe(2);
    emitRange(hub, 1, 5);
    const seen: number[] = [];
    for await (const e of subscription) {
      seen.push(e.seq);
      if (e.seq === 2) break;
    }
    expect(seen).toEqual([1, 2]);
    expect(subscription.closed).toBe(true);
    expect(subscription.size).toBe(0);
    expect(closedCalls).toBe(1);
    expect(hub.consumers).toBe(1);
    emitRange(hub, 6, 6);
    expect(other.size).toBe(6);
    hub.close();
    expect(closedCalls).toBe(1);
  });

  it("a pending read resolves as done when the subscription is closed", async () => {
    const hub = new EventHub();
    const subscription = hub.subscribe();
    const pending = subscription.next();
    subscription.close();
    await expect(pending).resolves.toEqual({ value: undefined, done: true });
    await expect(subscription.next()).resolves.toEqual({ value: undefined, done: true });
  });

  it("takeQueued() drains synchronously, oldest first, and a subscription can be iterated once", async () => {
    const hub = new EventHub();
    const subscription = hub.subscribe();
    expect(subscription.takeQueued()).toEqual([]);
    emitRange(hub, 1, 3);
    await expect(subscription.next()).resolves.toEqual({ value: event(1), done: false });
    expect(seqs(subscription.takeQueued())).toEqual([2, 3]);
    expect(subscription.size).toBe(0);
    emitRange(hub, 4, 4);
    expect(seqs(subscription.takeQueued())).toEqual([4]);
    subscription[Symbol.asyncIterator]();
    expect(() => subscription[Symbol.asyncIterator]()).toThrow(TypeError);
  });

  it("a waiting read gets the next event directly", async () => {
    const subscription = new EventSubscription();
    const pending = subscription.next();
    expect(subscription.push(event(1))).toBeUndefined();
    await expect(pending).resolves.toEqual({ value: event(1), done: false });
    expect(subscription.size).toBe(0);
    await expect(Promise.all([subscription.next(), subscription.next()])).rejects.toThrow("EventQueue: next() called while another read is pending.");
    subscription.end();
  });
});
