import { randomUUID } from "node:crypto";
import type { StreamEvent } from "@baton/core";
import { Redis } from "ioredis";
import { expect, it } from "vitest";
import { createRunQueue } from "../src/index.js";
import { loopAgent } from "./support/loop-agent.js";
import { describeWithRedis, REDIS_URL } from "./support/redis.js";
import { useQueueHarness } from "./support/harness.js";
import { threeTurnModel, workTool } from "./support/three-turns.js";

describeWithRedis("a run through the queue, in one process", () => {
  const harness = useQueueHarness();
  const executed = new Map<string, number>();
  const record = (key: string) => executed.set(key, (executed.get(key) ?? 0) + 1);

  it("runs a submitted run to its end and relays every event in order, numbered from 1", async () => {
    harness.startWorker({ agents: { worker: loopAgent({ provider: threeTurnModel(), tools: [workTool(record)], storage: harness.storage }) }, concurrency: 2 });
    const { runId, jobId } = await harness.queue.submit({ agent: "worker", input: "Do the work." });
    expect(jobId).toBe(runId);
    const outcome = await harness.finished(jobId);
    expect(outcome).toEqual({ runId, stopReason: "completed", text: "done 2", iterations: 3, toolCallCount: 4, resumed: false });
    const events = await harness.readAll(runId);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events[0]!.type).toBe("run-start");
    expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "completed", text: "done 2" });
    expect(events.filter((event) => event.type === "tool-done")).toHaveLength(4);
    expect(await harness.queue.events.head(runId)).toEqual({ lastSeq: events.length, firstSeq: 1, ended: true });
    for (const key of ["1a", "1b", "2a", "2b"]) expect(executed.get(`${runId}:${key}`)).toBe(1);
    expect((await harness.storage.loadCheckpoint(runId))?.stopReason).toBe("completed");
  });

  it("reads from the middle of a stream: only the events after `after`", async () => {
    const { runId, jobId } = await harness.queue.submit({ agent: "worker", input: "Again." });
    await harness.finished(jobId);
    const all = await harness.readAll(runId);
    const tail = await harness.readAll(runId, 5);
    expect(tail.map((event) => event.seq)).toEqual(all.slice(5).map((event) => event.seq));
  });

  it("knows a submitted run before a worker takes it, and nothing of an unknown run", async () => {
    const { runId } = await harness.queue.submit({ agent: "worker", input: "Later.", runId: `known-${Date.now()}` });
    const head = await harness.queue.events.head(runId);
    expect(head === undefined ? undefined : head.firstSeq).toBe(1);
    expect(await harness.queue.events.head("never-submitted")).toBeUndefined();
    await harness.finished(runId);
  });

  it("a run submitted on one node and followed at once from another: known there at once, and every event arrives there, in order, to the run-end", async () => {
    const otherNode = createRunQueue({ connection: REDIS_URL, name: harness.name, prefix: harness.prefix });
    try {
      const runId = `followed-${randomUUID()}`;
      const { jobId } = await harness.queue.submit({ agent: "worker", input: "Follow me.", runId });
      const head = await otherNode.events.head(runId);
      expect(head?.firstSeq).toBe(1);
      const followed: StreamEvent[] = [];
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 25_000);
      for await (const batch of otherNode.events.read(runId, 0, controller.signal)) followed.push(...batch);
      clearTimeout(timer);
      expect(followed.map((event) => event.seq)).toEqual(followed.map((_, i) => i + 1));
      expect(followed.at(-1)).toMatchObject({ type: "run-end", stopReason: "completed", text: "done 2" });
      expect(followed).toEqual(await harness.readAll(runId));
      expect(await otherNode.events.head(runId)).toEqual({ lastSeq: followed.length, firstSeq: 1, ended: true });
      await harness.finished(jobId);
    } finally {
      await otherNode.close();
    }
  });

  it("a submitted run no worker takes is known, not ended, and its mark expires like an ended run's events", async () => {
    const name = `idle-${randomUUID()}`;
    const idle = createRunQueue({ connection: REDIS_URL, name, prefix: harness.prefix, events: { expireAfterMs: 60_000 } });
    const redis = new Redis(REDIS_URL);
    try {
      const { runId } = await idle.submit({ agent: "worker", input: "Nobody takes this." });
      expect(await idle.events.head(runId)).toEqual({ lastSeq: 0, firstSeq: 1, ended: false });
      const ttl = await redis.pttl(`${harness.prefix}:run:{${runId}}:meta`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await idle.queue.obliterate({ force: true }).catch(() => undefined);
      await idle.close();
      redis.disconnect();
    }
  });

  it("submitting a run id twice enqueues it once", async () => {
    const runId = `twice-${Date.now()}`;
    const first = await harness.queue.submit({ agent: "worker", input: "Once.", runId });
    const second = await harness.queue.submit({ agent: "worker", input: "Once.", runId });
    expect(second.jobId).toBe(first.jobId);
    await harness.finished(runId);
    const events = await harness.readAll(runId);
    expect(events.filter((event) => event.type === "run-start")).toHaveLength(1);
  });

  it("a run job delivered again after its run finished (its worker died before the job completed) ends at once, running nothing again", async () => {
    const { runId } = await harness.queue.submit({ agent: "worker", input: "Once only." });
    const first = await harness.finished(runId);
    expect(first.text.length).toBeGreaterThan(0);
    const before = await harness.readAll(runId);
    const again = await harness.queue.queue.add("run", { kind: "run", agent: "worker", runId, input: "Once only." }, { jobId: `${runId}.again` });
    // The stored run's end, as the first job returned it (its answer included).
    expect(await harness.finished(again.id!)).toEqual({ runId, stopReason: "completed", text: first.text, iterations: 3, toolCallCount: 4, resumed: true });
    expect(await harness.queue.events.head(runId)).toEqual({ lastSeq: before.length, firstSeq: 1, ended: true });
    expect(await harness.readAll(runId)).toEqual(before);
    for (const key of ["1a", "1b", "2a", "2b"]) expect(executed.get(`${runId}:${key}`)).toBe(1);
  });
});
