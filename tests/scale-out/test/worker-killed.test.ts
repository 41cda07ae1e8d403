import { randomUUID } from "node:crypto";
import type { StreamEvent } from "@baton/core";
import type { RunJobOutcome } from "@baton/queue";
import { expect, it } from "vitest";
import { describeWithRedis, REDIS_URL } from "./redis.js";
import { completedOutcome, followAcrossNodes, startWorker, useScaleOutSuite, waitFor, type WorkerConfig } from "./scale-out-harness.js";

const RUNS = 50;
const CALLS_PER_RUN = 4;

describeWithRedis("scale-out: two API nodes, three worker processes, one killed mid-batch", () => {
  const name = `scale-${randomUUID()}`;
  const prefix = `scale-${randomUUID()}`;
  const { redis, startNode } = useScaleOutSuite();

  it("all 50 runs finish; completed tool calls ran once; every client gets every event once, in order, across a reconnect to the other node", async () => {
    const config: WorkerConfig = {
      redisUrl: REDIS_URL,
      name,
      prefix,
      concurrency: 6,
      lockDurationMs: 2_000,
      stalledIntervalMs: 500,
      modelDelayMs: 50,
      toolDelayMs: 250,
    };
    const workers = [startWorker(config), startWorker(config), startWorker(config)];
    await Promise.all(workers.map((worker) => worker.ready));
    const nodeA = await startNode(name, prefix);
    const nodeB = await startNode(name, prefix);

    const runIds: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const node = i % 2 === 0 ? nodeA : nodeB;
      runIds.push((await node.queue.submit({ agent: "worker", input: `Run ${i}.` })).runId);
    }
    // Each client starts on the node that did not take its run, and moves to the other after a few events.
    const clients = runIds.map((runId, i) =>
      i % 2 === 0 ? followAcrossNodes(nodeB, nodeA, runId, 4 + (i % 7)) : followAcrossNodes(nodeA, nodeB, runId, 4 + (i % 7)),
    );

    // Kill the first worker once tool calls are under way.
    await waitFor("the first side effects", async () => (await redis.hlen(`${prefix}:effects`)) >= 20, 60_000, 10);
    workers[0]!.process.kill("SIGKILL");
    const killed = await workers[0]!.exited;
    expect(killed.signal).toBe("SIGKILL");

    const counts = await waitFor(
      "every job to complete",
      async () => {
        const jobCounts = await nodeA.queue.queue.getJobCounts("completed", "failed");
        return jobCounts.completed! + jobCounts.failed! >= RUNS ? jobCounts : undefined;
      },
      90_000,
      50,
    );
    expect(counts).toEqual({ completed: RUNS, failed: 0 });

    const outcomes: RunJobOutcome[] = [];
    for (const runId of runIds) outcomes.push((await completedOutcome(nodeA.queue, runId))!);
    expect(outcomes.map((outcome) => [outcome.stopReason, outcome.text, outcome.toolCallCount])).toEqual(runIds.map(() => ["completed", "done 2", 4]));
    const resumed = outcomes.filter((outcome) => outcome.resumed);
    console.info(`scale-out: ${resumed.length} runs resumed after the kill`);
    expect(resumed.length).toBeGreaterThan(0);

    // Side effects: every call of every run counted; a call counted twice only when it was cut off by the kill.
    const effects = await redis.hgetall(`${prefix}:effects`);
    expect(Object.keys(effects)).toHaveLength(RUNS * CALLS_PER_RUN);
    const twice = Object.entries(effects).filter(([, count]) => count !== "1");
    for (const [, count] of twice) expect(count).toBe("2");
    expect(twice.length).toBeLessThanOrEqual(config.concurrency * 2);
    const resumedIds = new Set(resumed.map((outcome) => outcome.runId));
    for (const [key] of twice) expect(resumedIds.has(key.split(":")[0]!)).toBe(true);

    // Events: each client got the whole log of its run, once, in order, across the move to the other node.
    const followed = await Promise.all(clients);
    for (const [i, runId] of runIds.entries()) {
      const { events } = followed[i]!;
      const logged: StreamEvent[] = [];
      for await (const batch of nodeA.queue.events.read(runId, 0, AbortSignal.timeout(30_000))) logged.push(...batch);
      expect(events.map((event) => event.seq)).toEqual(logged.map((_, index) => index + 1));
      expect(events).toEqual(logged);
      expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "completed", text: "done 2" });
    }
    // A resumed run's stream goes on after the crash: numbers contiguous (checked above), a run-start for
    // each attempt that got to write one (the killed worker may have died before its first batch reached
    // Redis), and the new attempt's content blocks after the old one's (an agent's content index never decreases).
    for (const outcome of resumed) {
      const events = followed[runIds.indexOf(outcome.runId)]!.events;
      const starts = events.filter((event) => event.type === "run-start" && !event.agentPath.includes("/")).length;
      expect(starts).toBeGreaterThanOrEqual(1);
      expect(starts).toBeLessThanOrEqual(2);
      const indexes = events.filter((event) => event.agentPath === "main").map((event) => event.contentIndex);
      expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    }
  });
});
