import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { describeWithRedis, REDIS_URL } from "./redis.js";
import { completedOutcome, startWorker, useScaleOutSuite, waitFor, type WorkerConfig } from "./scale-out-harness.js";

describeWithRedis("a worker's graceful shutdown", () => {
  const { redis, startNode } = useScaleOutSuite();

  const setUp = async (overrides: Partial<WorkerConfig>) => {
    const name = `shutdown-${randomUUID()}`;
    const prefix = `shutdown-${randomUUID()}`;
    const config: WorkerConfig = {
      redisUrl: REDIS_URL,
      name,
      prefix,
      concurrency: 4,
      lockDurationMs: 2_000,
      stalledIntervalMs: 500,
      modelDelayMs: 20,
      toolDelayMs: 300,
      ...overrides,
    };
    const node = await startNode(name, prefix);
    return { config, node, prefix };
  };

  it("SIGTERM finishes the runs in progress before the worker exits", async () => {
    const { config, node, prefix } = await setUp({});
    const worker = startWorker(config);
    await worker.ready;
    const runIds = await Promise.all([1, 2, 3].map(async (i) => (await node.queue.submit({ agent: "worker", input: `Run ${i}.` })).runId));
    await waitFor("the first side effect", async () => (await redis.hlen(`${prefix}:effects`)) >= 1, 30_000, 10);
    worker.process.kill("SIGTERM");
    expect((await worker.exited).code).toBe(0);
    for (const runId of runIds) expect(await completedOutcome(node.queue, runId)).toMatchObject({ stopReason: "completed", resumed: false });
    expect(Object.values(await redis.hgetall(`${prefix}:effects`))).toEqual(Array(12).fill("1"));
  });

  it("past its close timeout the worker lets go of its runs, and another worker resumes them", async () => {
    const { config, node, prefix } = await setUp({ toolDelayMs: 1_500, closeTimeoutMs: 200 });
    const first = startWorker(config);
    await first.ready;
    const { runId } = await node.queue.submit({ agent: "worker", input: "A long one." });
    await waitFor(
      "a tool started",
      async () => {
        const controller = new AbortController();
        for await (const batch of node.queue.events.read(runId, 0, controller.signal)) {
          if (batch.some((event) => event.type === "tool-start")) {
            controller.abort();
            return true;
          }
        }
        return false;
      },
      60_000,
    );
    first.process.kill("SIGTERM");
    expect((await first.exited).code).toBe(0);
    const second = startWorker(config);
    await second.ready;
    const outcome = await waitFor("the run to complete on the second worker", () => completedOutcome(node.queue, runId), 60_000, 50);
    expect(outcome).toMatchObject({ stopReason: "completed", text: "done 2", resumed: true });
    const effects = await redis.hgetall(`${prefix}:effects`);
    expect(Object.keys(effects).sort()).toEqual([`${runId}:1a`, `${runId}:1b`, `${runId}:2a`, `${runId}:2b`]);
  });
});
