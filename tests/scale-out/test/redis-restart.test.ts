import { randomUUID } from "node:crypto";
import type { StreamEvent } from "@baton/core";
import { createRedisStorage } from "@baton/storage-redis";
import { startTcpRelay } from "@baton/testing";
import { expect, it } from "vitest";
import { describeWithRedis, REDIS_URL } from "./redis.js";
import { completedOutcome, startWorker, useScaleOutSuite, waitFor } from "./scale-out-harness.js";

describeWithRedis("Redis restarts while workers run", () => {
  const { redis, startNode, closeAfter } = useScaleOutSuite();

  it("runs go on after Redis comes back: every run completes, its stored conversation ends with its answer, and its event stream is whole", async () => {
    const url = new URL(REDIS_URL);
    const relay = await startTcpRelay({ host: url.hostname, port: Number(url.port || 6379) });
    closeAfter(() => relay.close());
    const name = `restart-${randomUUID()}`;
    const prefix = `restart-${randomUUID()}`;
    // The worker reaches Redis only through the relay; the API node and the test directly.
    const worker = startWorker({
      redisUrl: `redis://127.0.0.1:${relay.port}`,
      name,
      prefix,
      concurrency: 5,
      lockDurationMs: 5_000,
      stalledIntervalMs: 1_000,
      modelDelayMs: 20,
      toolDelayMs: 400,
      storageWaitMs: 3_000,
    });
    await worker.ready;
    const node = await startNode(name, prefix);
    const runIds = await Promise.all(
      [1, 2, 3, 4, 5].map(async (i) => (await node.queue.submit({ agent: "worker", input: `Run ${i}.`, conversationId: `${prefix}-conv-${i}` })).runId),
    );
    await waitFor("the first side effects", async () => (await redis.hlen(`${prefix}:effects`)) >= 2, 30_000, 10);
    const restartedAt = Date.now();
    await relay.restart(1_500);

    const outcomes = await waitFor(
      "every run to end",
      async () => {
        const outcomes = await Promise.all(runIds.map((runId) => completedOutcome(node.queue, runId)));
        return outcomes.every((outcome) => outcome !== undefined) ? outcomes : undefined;
      },
      60_000,
    );
    console.info(`redis restart: every run ended ${Date.now() - restartedAt} ms after the restart began`);
    expect(outcomes.map((outcome) => outcome?.stopReason)).toEqual(runIds.map(() => "completed"));

    const storage = await createRedisStorage({ url: REDIS_URL, keyPrefix: `${prefix}:storage` });
    try {
      for (const [i, runId] of runIds.entries()) {
        const stored = await storage.loadMessages(`${prefix}-conv-${i + 1}`, { afterSeq: 0 });
        const texts = stored.map((message) => message.parts.map((part) => ("text" in part ? part.text : "")).join(""));
        // The input, then the answer, once each (a failure shows the whole conversation).
        expect(texts).toEqual([`Run ${i + 1}.`, expect.stringContaining("done 2")]);
        expect((await storage.loadCheckpoint(runId))?.stopReason).toBe("completed");
        const events: StreamEvent[] = [];
        for await (const batch of node.queue.events.read(runId, 0, AbortSignal.timeout(30_000))) events.push(...batch);
        expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
        expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "completed" });
      }
    } finally {
      await storage.close();
    }
  });
});
