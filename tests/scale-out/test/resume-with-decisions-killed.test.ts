import { randomUUID } from "node:crypto";
import type { StreamEvent } from "@baton/core";
import type { RunJobOutcome } from "@baton/queue";
import { createRedisStorage } from "@baton/storage-redis";
import { beforeAll, expect, it } from "vitest";
import { describeWithRedis, REDIS_URL } from "./redis.js";
import { completedOutcome, readRunStream, startWorker, useScaleOutSuite, waitFor, type ApiNode, type WorkerConfig } from "./scale-out-harness.js";

/** The answer of the `approver` agent (test/child/approval-agent.mjs) when `charge-ok` is approved and `charge-no` rejected with "Too much.". */
const EXPECTED_TEXT = "charged 10; not charged 5000 (The user rejected this tool call, so it was not run. Reason: Too much.)";
const DECISIONS = { "charge-ok": { approve: true }, "charge-no": { approve: false, reason: "Too much." } } as const;

/** How a job ended: its outcome, or why it failed for good. */
type JobEnd = { readonly outcome: RunJobOutcome } | { readonly failed: string };

/** The job's end once it completed or failed for good; undefined while it may still run. */
async function jobEnd(node: ApiNode, jobId: string): Promise<JobEnd | undefined> {
  try {
    const outcome = await completedOutcome(node.queue, jobId);
    return outcome === undefined ? undefined : { outcome };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/** Every event of the run's log, read straight from the relay. */
async function readLog(node: ApiNode, runId: string): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const batch of node.queue.events.read(runId, 0, AbortSignal.timeout(30_000))) events.push(...batch);
  return events;
}

/**
 * A client of the run's SSE: connects to `first` with `Last-Event-ID: afterSeq`, reads
 * until `moveWhen` settles, then reconnects to `second` with the last id it got and
 * reads to the end of the stream (within 90 s). A stream that breaks on either node is
 * reconnected to that node, as `EventSource` would.
 */
async function followAcrossMove(first: ApiNode, second: ApiNode, runId: string, afterSeq: number, moveWhen: Promise<unknown>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  const moving = new AbortController();
  void moveWhen.finally(() => moving.abort());
  const ended = await readRunStream(first, runId, events, { afterSeq, signal: moving.signal });
  if (!ended) await readRunStream(second, runId, events, { afterSeq, signal: AbortSignal.timeout(90_000) });
  return events;
}

const isRootEnd = (event: StreamEvent): boolean => event.type === "run-end" && !event.agentPath.includes("/");

describeWithRedis("resuming a paused run with decisions, its worker killed mid-resume", () => {
  const name = `resume-killed-${randomUUID()}`;
  const prefix = `resume-killed-${randomUUID()}`;
  const { redis, startNode, closeAfter } = useScaleOutSuite();
  closeAfter(async () => {
    if (redis.status !== "ready") return;
    for (const pattern of [`${prefix}:*`, `bull:${name}:*`]) {
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
        if (keys.length > 0) await redis.unlink(...keys);
        cursor = next;
      } while (cursor !== "0");
    }
  });

  /** What the scenario observed, for the assertions below. */
  const seen = {} as {
    runId: string;
    paused: RunJobOutcome;
    pausedEvents: StreamEvent[];
    effectsAtPause: Record<string, string>;
    killedSignal: NodeJS.Signals | null;
    /** The takeover's end: it paused on the charge the kill left in doubt. */
    inDoubt: JobEnd;
    inDoubtEvents: StreamEvent[];
    effectsInDoubt: Record<string, string>;
    resumed: JobEnd;
    effects: Record<string, string>;
    log: StreamEvent[];
    client: StreamEvent[];
    checkpointStopReason: string | undefined;
    workerErrors: string;
  };

  beforeAll(async () => {
    const config: WorkerConfig = {
      redisUrl: REDIS_URL,
      name,
      prefix,
      concurrency: 2,
      lockDurationMs: 2_000,
      stalledIntervalMs: 500,
      modelDelayMs: 10,
      toolDelayMs: 10,
    };
    const nodeA = await startNode(name, prefix);
    const nodeB = await startNode(name, prefix);
    const first = startWorker(config);
    await first.ready;

    // The run pauses for the two charges and leaves the queue.
    const { runId } = await nodeA.queue.submit({ agent: "approver", input: "Charge the customer." });
    seen.runId = runId;
    seen.paused = await waitFor("the run to pause", () => completedOutcome(nodeA.queue, runId), 60_000, 20);
    seen.pausedEvents = await readLog(nodeA, runId);
    seen.effectsAtPause = await redis.hgetall(`${prefix}:approvals:${runId}`);

    // Resumed with the decisions on the other node; the first worker takes it and starts the approved charge.
    const { jobId } = await nodeB.queue.resume({ agent: "approver", runId, decisions: DECISIONS });
    await waitFor("the approved charge to start", async () => Number(await redis.hget(`${prefix}:approvals:${runId}`, "started:charge-ok")) >= 1, 60_000, 10);

    // A client follows the continuation on node B from the pause, and moves to node A after the kill.
    let moved!: () => void;
    const afterKill = new Promise<void>((resolve) => (moved = resolve));
    const client = followAcrossMove(nodeB, nodeA, runId, seen.pausedEvents.at(-1)!.seq, afterKill);

    first.process.kill("SIGKILL");
    const killed = await first.exited;
    seen.killedSignal = killed.signal;
    moved();

    // The charge may finish now; a second worker takes the stalled job over. The charge started and never ended (its
    // worker died): a payment must not run twice silently, so the takeover pauses on it, in doubt.
    await redis.set(`${prefix}:release:${runId}`, "1");
    const second = startWorker(config);
    await second.ready;
    seen.inDoubt = await waitFor("the takeover to end", () => jobEnd(nodeA, jobId), 90_000, 50);
    seen.effectsInDoubt = await redis.hgetall(`${prefix}:approvals:${runId}`);
    seen.inDoubtEvents = await readLog(nodeA, runId);
    seen.client = await client;

    // The handler looks the charge up where it makes its effect: started, never finished, so it runs again.
    const finished = seen.effectsInDoubt["finished:charge-ok"] !== undefined;
    const decided = await nodeB.queue.resume({
      agent: "approver",
      runId,
      decisions: { "charge-ok": finished ? { result: { charged: 10 } } : { runAgain: true } },
    });
    seen.resumed = await waitFor("the decided run to end", () => jobEnd(nodeA, decided.jobId), 90_000, 50);
    seen.effects = await redis.hgetall(`${prefix}:approvals:${runId}`);
    seen.log = await readLog(nodeA, runId);
    const storage = await createRedisStorage({ url: REDIS_URL, keyPrefix: `${prefix}:storage` });
    try {
      seen.checkpointStopReason = (await storage.loadCheckpoint(runId))?.stopReason;
    } finally {
      await storage.close();
    }
    second.process.kill("SIGKILL");
    seen.workerErrors = (await second.exited).stderr;
  }, 180_000);

  it("the run first pauses for the two charges, after `prepare` ran once, and its stream ends with that pause", () => {
    expect(seen.paused).toMatchObject({ runId: seen.runId, stopReason: "interrupted", resumed: false });
    expect(seen.effectsAtPause).toEqual({ prepare: "1" });
    const interrupted = seen.pausedEvents.filter((event) => event.type === "tool-interrupted").map((event) => event.toolCallId);
    expect(interrupted.sort()).toEqual(["charge-no", "charge-ok"]);
    expect(seen.pausedEvents.filter(isRootEnd)).toEqual([seen.pausedEvents.at(-1)]);
    expect(seen.pausedEvents.at(-1)).toMatchObject({ type: "run-end", stopReason: "interrupted" });
    expect(seen.killedSignal).toBe("SIGKILL");
  });

  it("the takeover does not run the charge the kill cut short again: it pauses on it, in doubt, with its idempotency key", () => {
    expect(seen.inDoubt, seen.workerErrors).toEqual({
      outcome: {
        runId: seen.runId,
        stopReason: "interrupted",
        text: expect.any(String),
        iterations: expect.any(Number),
        toolCallCount: expect.any(Number),
        resumed: true,
      },
    });
    expect(seen.effectsInDoubt).toMatchObject({ "started:charge-ok": "1" });
    expect(seen.effectsInDoubt["finished:charge-ok"]).toBeUndefined();
    const afterPause = seen.inDoubtEvents.slice(seen.pausedEvents.length);
    // The decisions are not lost in the takeover: it does not pause again for the approvals, only for the call in doubt.
    expect(
      afterPause.filter((event) => event.type === "tool-interrupted").map((event) => [event.toolCallId, event.type === "tool-interrupted" && event.kind]),
    ).toEqual([["charge-ok", "in-doubt"]]);
    const end = afterPause.filter(isRootEnd);
    expect(end).toHaveLength(1);
    expect(end[0]).toMatchObject({
      type: "run-end",
      stopReason: "interrupted",
      interruptions: [{ id: "charge-ok", kind: "in-doubt", payload: { idempotencyKey: `${seen.runId}:charge-ok`, attempt: 1 } }],
    });
  });

  it("decided to run again, the charge runs once more, and the run completes with the approved charge's result and the rejection in its answer", () => {
    expect(seen.resumed, seen.workerErrors).toEqual({
      outcome: { runId: seen.runId, stopReason: "completed", text: EXPECTED_TEXT, iterations: expect.any(Number), toolCallCount: 3, resumed: true },
    });
    expect(seen.checkpointStopReason).toBe("completed");
    const afterDecision = seen.log.slice(seen.inDoubtEvents.length);
    expect(afterDecision.filter((event) => event.type === "tool-interrupted")).toEqual([]);
    expect(afterDecision.filter(isRootEnd).map((event) => event.type === "run-end" && event.stopReason)).toEqual(["completed"]);
  });

  it("the approved charge started twice (once cut short by the kill, once decided) and finished once; `prepare` ran once; the rejected charge never ran", () => {
    expect(seen.effects["started:charge-ok"]).toBe("2");
    expect(seen.effects["finished:charge-ok"]).toBe("1");
    expect(seen.effects.prepare).toBe("1");
    expect(seen.effects["started:charge-no"]).toBeUndefined();
    expect(seen.effects["finished:charge-no"]).toBeUndefined();
    const rejectedStarts = seen.log.filter((event) => event.type === "tool-start" && event.toolCallId === "charge-no");
    expect(rejectedStarts).toEqual([]);
  });

  it("a client following the continuation across the kill and a move to the other node gets every event once, in order, through to the pause in doubt; the whole log is contiguous", () => {
    const from = seen.pausedEvents.length;
    expect(seen.log.map((event) => event.seq)).toEqual(seen.log.map((_, index) => index + 1));
    expect(seen.client.map((event) => event.seq)).toEqual(seen.inDoubtEvents.slice(from).map((event) => event.seq));
    expect(seen.client).toEqual(seen.inDoubtEvents.slice(from));
    expect(seen.client.filter(isRootEnd)).toEqual([seen.client.at(-1)]);
    expect(seen.client.at(-1)).toMatchObject({ type: "run-end", stopReason: "interrupted" });
    expect(seen.log.at(-1)).toMatchObject({ type: "run-end", stopReason: "completed", text: EXPECTED_TEXT });
  });
});
