import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { describeWithRedis, REDIS_URL } from "./redis.js";
import { completedOutcome, startWorker, useScaleOutSuite, waitFor } from "./scale-out-harness.js";

describeWithRedis("aborting a run from another node", () => {
  const { redis, startNode } = useScaleOutSuite();

  it("a run submitted on node A and aborted on node B stops on the worker process that holds it", async () => {
    const name = `abort-${randomUUID()}`;
    const prefix = `abort-${randomUUID()}`;
    const worker = startWorker({
      redisUrl: REDIS_URL,
      name,
      prefix,
      concurrency: 2,
      lockDurationMs: 2_000,
      stalledIntervalMs: 500,
      modelDelayMs: 10,
      toolDelayMs: 30_000,
    });
    await worker.ready;
    const nodeA = await startNode(name, prefix);
    const nodeB = await startNode(name, prefix);
    const { runId } = await nodeA.queue.submit({ agent: "worker", input: "A long one." });
    await waitFor(
      "the tools to start",
      async () => {
        const controller = new AbortController();
        for await (const batch of nodeB.queue.events.read(runId, 0, controller.signal)) {
          if (batch.some((event) => event.type === "tool-start")) return true;
        }
        return false;
      },
      30_000,
    );
    await nodeB.queue.abort(runId, "The user pressed Stop.");
    const outcome = await waitFor("the run to end", () => completedOutcome(nodeA.queue, runId), 30_000, 20);
    expect(outcome).toMatchObject({ runId, stopReason: "aborted" });
    expect(await redis.hlen(`${prefix}:effects`)).toBe(0);
    const events = [];
    for await (const batch of nodeA.queue.events.read(runId, 0, AbortSignal.timeout(30_000))) events.push(...batch);
    expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "aborted" });
  });
});
