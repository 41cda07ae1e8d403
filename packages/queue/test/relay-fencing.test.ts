import { randomUUID } from "node:crypto";
import type { RunFence, RunResult, StreamEvent } from "@baton/core";
import { scriptedModel } from "@baton/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { QueueAgent, QueueAgentRunOptions } from "../src/index.js";
import { openRelayWriter, type RelayWriterOptions } from "../src/relay/relay-writer.js";
import { useQueueHarness } from "./support/harness.js";
import { loopAgent } from "./support/loop-agent.js";
import { useRelayOnRedis } from "./support/relay-on-redis.js";
import { describeWithRedis, REDIS_URL } from "./support/redis.js";
import { readRelayed, runEnd, textDelta } from "./support/relayed-events.js";

/** A text delta an attempt emits, told apart from other attempts' by its text. */
const said = (runId: string, seq: number, text: string, contentIndex = 0): StreamEvent =>
  ({ ...textDelta(runId, seq, "main", contentIndex), text }) as StreamEvent;

const textsOf = (events: readonly StreamEvent[]) => events.map((event) => (event.type === "text-delta" ? event.text : event.type));

describeWithRedis("relayed events fenced by the run's claim", () => {
  const suite = useRelayOnRedis("fencing");
  const { prefix } = suite;
  /** A writer for a new attempt at `runId`, the stream reopened for it, errors and claim losses recorded. */
  const attempt = async (runId: string, options: Partial<RelayWriterOptions> = {}) => {
    const errors: unknown[] = [];
    const lost: unknown[] = [];
    const writer = await openRelayWriter(suite.redis, runId, {
      prefix,
      maxLength: 1000,
      expireAfterMs: 60_000,
      onError: (error) => errors.push(error),
      onClaimLost: (error) => lost.push(error),
      ...options,
    });
    return { writer, errors, lost };
  };

  it("refuses a stale attempt's events once a newer claim wrote: nothing of them lands, the writer stops with RUN_CLAIM_LOST and tells onClaimLost", async () => {
    const runId = randomUUID();
    const stale = await attempt(runId);
    stale.writer.claim({ runId, owner: "worker-a", token: 1 });
    stale.writer.emit(said(runId, 1, "a1"));
    stale.writer.emit(said(runId, 2, "a2"));
    await stale.writer.flush();
    // Worker A's lease lapsed; worker B took the run over (token 2) and relays its events.
    const fresh = await attempt(runId);
    fresh.writer.claim({ runId, owner: "worker-b", token: 2 });
    fresh.writer.emit(said(runId, 1, "b1"));
    await fresh.writer.flush();
    // Worker A goes on, unaware: its events, and its end of the stream, are refused whole.
    stale.writer.emit(said(runId, 3, "a3"));
    stale.writer.emit(runEnd(runId, 4));
    await stale.writer.flush();
    expect(stale.lost).toEqual([
      expect.objectContaining({ code: "RUN_CLAIM_LOST", name: "RelayClaimLostError", details: { runId, owner: "worker-a", token: 1, fence: 2 } }),
    ]);
    expect(stale.writer.claimLost).toBe(stale.lost[0]);
    expect(stale.errors).toEqual(stale.lost);
    // Stopped: later events are dropped, and it cannot end the stream either.
    expect(stale.writer.emit(said(runId, 5, "a5"))).toBeUndefined();
    await stale.writer.finish();
    expect(await suite.log.head(runId)).toEqual({ lastSeq: 3, firstSeq: 1, ended: false });

    fresh.writer.emit(said(runId, 2, "b2"));
    fresh.writer.emit(runEnd(runId, 3));
    await fresh.writer.flush();
    const events = await readRelayed(suite.log, runId);
    expect(textsOf(events)).toEqual(["a1", "a2", "b1", "b2", "run-end"]);
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(fresh.errors).toEqual([]);
  });

  it("a stale attempt that writes between the new attempt's reopening of the stream and its first batch does not fail it: the new attempt's events follow, renumbered, each once", async () => {
    const runId = randomUUID();
    const stale = await attempt(runId);
    stale.writer.claim({ runId, owner: "worker-a", token: 1 });
    stale.writer.emit(said(runId, 1, "a1"));
    await stale.writer.flush();
    // Worker B reopens the stream (it starts before the run claims: the first attempt's fast path) ...
    const fresh = await attempt(runId);
    expect(fresh.writer.base).toBe(1);
    // ... worker A still writes, and opens a content block of its own ...
    stale.writer.emit(said(runId, 2, "a2", 1));
    await stale.writer.flush();
    expect(stale.lost).toEqual([]);
    // ... then B's run claims the run and B writes its first batch, numbered after what it read at its reopening.
    fresh.writer.claim({ runId, owner: "worker-b", token: 2 });
    fresh.writer.emit(said(runId, 1, "b1"));
    fresh.writer.emit(said(runId, 2, "b2"));
    await fresh.writer.flush();
    // Worker A is refused from then on.
    stale.writer.emit(said(runId, 3, "a3"));
    await stale.writer.flush();
    expect(stale.lost).toEqual([expect.objectContaining({ code: "RUN_CLAIM_LOST" })]);
    fresh.writer.emit(runEnd(runId, 3));
    await fresh.writer.flush();

    expect(fresh.errors).toEqual([]);
    expect(fresh.lost).toEqual([]);
    const events = await readRelayed(suite.log, runId);
    // Contiguous, no event twice, the stale attempt's never after the new one's first.
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(textsOf(events)).toEqual(["a1", "a2", "b1", "b2", "run-end"]);
    // The new attempt's blocks come after every block the stale attempt opened, its first one's included.
    expect(events.map((event) => event.contentIndex)).toEqual([0, 1, 2, 2, 2]);
    expect(await suite.log.head(runId)).toEqual({ lastSeq: 5, firstSeq: 1, ended: true });
  });

  it("keeps the highest token that wrote: a claim older than it is refused even when it writes first after it", async () => {
    const runId = randomUUID();
    const newest = await attempt(runId);
    newest.writer.claim({ runId, owner: "worker-c", token: 3 });
    newest.writer.emit(said(runId, 1, "c1"));
    await newest.writer.flush();
    const older = await attempt(runId);
    older.writer.claim({ runId, owner: "worker-b", token: 2 });
    older.writer.emit(said(runId, 1, "b1"));
    await older.writer.flush();
    expect(older.lost).toEqual([expect.objectContaining({ details: { runId, owner: "worker-b", token: 2, fence: 3 } })]);
    // Its claim given again with a lower token changes nothing: the writer stays stopped.
    older.writer.claim({ runId, owner: "worker-b", token: 1 });
    expect(textsOf(await readAll(runId))).toEqual(["c1"]);
    expect(await suite.redis.hget(`${prefix}:run:{${runId}}:meta`, "fence")).toBe("3");
  });

  it("a batch written again after its reply was lost is not written twice, fenced or not", async () => {
    const runId = randomUUID();
    const { writer, errors } = await attempt(runId);
    writer.claim({ runId, owner: "worker-a", token: 1 });
    writer.emit(said(runId, 1, "a1"));
    await writer.flush();
    // Event 2 reached the stream, but the writer did not hear back (it counts a failure and writes again).
    const second = said(runId, 2, "a2");
    await suite.redis.xadd(`${prefix}:run:{${runId}}:events`, "0-2", "e", JSON.stringify(second));
    (writer as unknown as { failures: number }).failures = 1;
    writer.emit(second);
    writer.emit(runEnd(runId, 3));
    await writer.flush();
    expect(errors).toEqual([]);
    expect(textsOf(await readAll(runId))).toEqual(["a1", "a2", "run-end"]);
  });

  it("a writer without a claim writes as before, fence or not (the failure a worker appends for a job that failed for good)", async () => {
    const runId = randomUUID();
    const fenced = await attempt(runId);
    fenced.writer.claim({ runId, owner: "worker-a", token: 4 });
    fenced.writer.emit(said(runId, 1, "a1"));
    await fenced.writer.flush();
    const unfenced = await attempt(runId);
    unfenced.writer.emit(said(runId, 1, "x1"));
    unfenced.writer.emit(runEnd(runId, 2));
    await unfenced.writer.flush();
    expect(unfenced.errors).toEqual([]);
    expect(textsOf(await readAll(runId))).toEqual(["a1", "x1", "run-end"]);
  });

  /** Every event of `runId`'s stream so far (it need not have ended). */
  async function readAll(runId: string): Promise<StreamEvent[]> {
    const entries = (await suite.redis.xrange(`${prefix}:run:{${runId}}:events`, "-", "+")) as [string, string[]][];
    return entries.map(([, fields]) => JSON.parse(fields[1]!) as StreamEvent);
  }
});

describeWithRedis("a worker whose attempt's events are refused (a newer attempt holds the run)", () => {
  const harness = useQueueHarness({ retry: { attempts: 1 } });
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(() => redis?.disconnect());

  it("aborts the attempt with RUN_CLAIM_LOST, lets go of the job without completing it, and adds nothing to the run's stream", async () => {
    const aborted: unknown[] = [];
    let emitted = 0;
    /** An agent whose run takes claim 1 (as the loop's `onClaim` tells it) and streams text until it is stopped. */
    const streaming: QueueAgent = {
      run: async (_input, options: QueueAgentRunOptions) => {
        options.onClaim?.({ runId: options.runId, owner: "worker-a", token: 1 });
        const base = { runId: options.runId, agentPath: "main", contentIndex: 0, timestamp: Date.now() };
        const emit = (event: Record<string, unknown>) => options.sinks.map((sink) => sink.emit({ ...base, ...event, seq: ++emitted } as StreamEvent));
        emit({ type: "run-start", agentName: "streaming" });
        while (!options.signal.aborted) {
          emit({ type: "text-delta", text: `a${emitted + 1}` });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        aborted.push(options.signal.reason);
        return { stopReason: "aborted", text: "", iterations: 1, toolCallCount: 0 } as unknown as RunResult;
      },
      resume: () => Promise.reject(new Error("not resumed here")),
    };
    const errors: unknown[] = [];
    harness.startWorker({ agents: { streaming }, onError: (error) => errors.push(error) });
    const { runId, jobId } = await harness.queue.submit({ agent: "streaming", input: "Talk." });
    await waitUntil(async () => ((await harness.queue.events.head(runId))?.lastSeq ?? 0) >= 3);
    // Another worker took the run over with claim 2 and relays its own events.
    const takeover = await openRelayWriter(redis, runId, { prefix: harness.prefix, maxLength: 1000, expireAfterMs: 60_000 });
    takeover.claim({ runId, owner: "worker-b", token: 2 });
    takeover.emit(said(runId, 1, "b1"));
    await takeover.flush();

    await expect(harness.finished(jobId)).rejects.toThrow(/claim 1 .* were refused/);
    expect(aborted).toEqual([expect.objectContaining({ code: "RUN_CLAIM_LOST", details: expect.objectContaining({ token: 1, fence: 2 }) })]);
    expect(errors).toContainEqual(expect.objectContaining({ code: "RUN_CLAIM_LOST" }));
    takeover.emit(runEnd(runId, 2));
    await takeover.flush();
    const events = await harness.readAll(runId);
    // The attempt's events up to the takeover, then the new attempt's: no error or run-end of the job that failed.
    const first = events.findIndex((event) => event.type === "text-delta" && event.text === "b1");
    expect(events.slice(0, first).every((event) => event.type === "run-start" || (event.type === "text-delta" && event.text.startsWith("a")))).toBe(true);
    expect(textsOf(events.slice(first))).toEqual(["b1", "run-end"]);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
  });
});

describeWithRedis("the worker's onClaim", () => {
  const harness = useQueueHarness();
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(() => redis?.disconnect());

  /** An agent whose run emits a start, one delta and its end, taking claim `token` first when given `onClaim`. */
  const agentWithOptions = (check: (options: QueueAgentRunOptions) => void, token: number): QueueAgent => ({
    run: async (_input, options) => {
      check(options);
      options.onClaim?.({ runId: options.runId, owner: "worker-a", token });
      const base = { runId: options.runId, agentPath: "main", contentIndex: 0, timestamp: Date.now() };
      const events = [
        { ...base, seq: 1, type: "run-start", agentName: "claims" },
        { ...base, seq: 2, type: "text-delta", text: "hi" },
        { ...base, seq: 3, type: "run-end", stopReason: "completed", text: "hi", iterations: 1, toolCallCount: 0, usage: {} },
      ] as unknown as StreamEvent[];
      for (const event of events) for (const sink of options.sinks) await sink.emit(event);
      return { stopReason: "completed", text: "hi", iterations: 1, toolCallCount: 0 } as unknown as RunResult;
    },
    resume: () => Promise.reject(new Error("not resumed here")),
  });

  /** A loop agent whose claims are recorded on their way to the worker. */
  let claimed: RunFence | undefined;
  /** Made once the harness's storage exists. */
  let loop: QueueAgent;
  const looped: QueueAgent = {
    run: (input, options) =>
      loop.run(input, {
        ...options,
        onClaim: (claim) => {
          claimed = claim;
          options.onClaim?.(claim);
        },
      }),
    resume: (runId, options) => loop.resume(runId, options),
  };
  beforeAll(() => {
    loop = loopAgent({ provider: scriptedModel(["Hello."], { repeatLast: true }), storage: harness.storage });
    harness.startWorker({ agents: { claims: agentWithOptions(() => undefined, 7), looped } });
  });

  it("is given to the agent's run, and its token fences the run's relayed events", async () => {
    const { runId, jobId } = await harness.queue.submit({ agent: "claims", input: "Hi." });
    expect(await harness.finished(jobId)).toMatchObject({ stopReason: "completed" });
    expect(textsOf(await harness.readAll(runId))).toEqual(["run-start", "hi", "run-end"]);
    expect(await redis.hget(`${harness.prefix}:run:{${runId}}:meta`, "fence")).toBe("7");
  });

  it("with the loop: the loop calls onClaim as the run takes its claim, and the claim's token fences the run's relayed events", async () => {
    const runId = `looped-${randomUUID()}`;
    const { jobId } = await harness.queue.submit({ agent: "looped", input: "Hi.", runId });
    expect(await harness.finished(jobId)).toMatchObject({ stopReason: "completed" });
    expect(claimed).toMatchObject({ runId, token: 1 });
    expect(await redis.hget(`${harness.prefix}:run:{${runId}}:meta`, "fence")).toBe("1");
  });
});

/** Resolves once `check()` holds (checked every 20 ms, for at most 10 s). */
async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("Timed out waiting.");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
