import { randomUUID } from "node:crypto";
import type { AgentConfig, InterruptDecisions, RunCheckpoint, StreamEvent, Tool } from "@baton/core";
import { createRedisStorage, type RedisStorage } from "@baton/storage-redis";
import { scriptedModel } from "@baton/testing";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { RunJobData } from "../src/jobs/run-job.js";
import { relayWriter, type RelayWriter } from "../src/relay/relay-writer.js";
import type { QueueAgent, QueueAgentResumeOptions } from "../src/index.js";
import { runAttempt } from "../src/worker/run-attempt.js";
import { loopAgent } from "./support/loop-agent.js";
import { readRelayed } from "./support/relayed-events.js";
import { useRelayOnRedis } from "./support/relay-on-redis.js";
import { describeWithRedis, REDIS_URL } from "./support/redis.js";

/**
 * An attempt at a resume job after a worker died: what the stored checkpoint shows
 * decides whether the job's decisions are applied, the run goes on without them, or the
 * job is already done. Checkpoints come from real runs of a loop agent whose every
 * `step` call waits for approval: the model calls `step` (id a1), then again (a2), then
 * answers.
 */
describeWithRedis("an attempt at a resume job", () => {
  let storage: RedisStorage;
  const ran: string[] = [];
  /** While set, every step waits for it. */
  let holding: Promise<void> | undefined;
  const step: Tool = {
    name: "step",
    description: "Does one step.",
    parameters: { type: "object", properties: {} },
    execute: async (_args, context) => {
      ran.push(context.toolCallId);
      await holding;
      return `did ${context.toolCallId}`;
    },
  };
  const everyStepWaits: AgentConfig = {
    beforeToolCalls: ({ calls }) => ({ decisions: Object.fromEntries(calls.map((planned) => [planned.call.toolCallId, { type: "interrupt" as const }])) }),
  };
  const agent = (): QueueAgent =>
    loopAgent({
      // Each turn follows from the tool results the model was sent, so a resumed run (a new model) goes on where it was.
      provider: scriptedModel(
        [
          (request) => {
            const results = request.messages.filter((message) => message.role === "tool").length;
            if (results === 0) return { toolCalls: [{ id: "a1", name: "step", arguments: {} }] };
            if (results === 1) return { toolCalls: [{ id: "a2", name: "step", arguments: {} }] };
            return { text: "done" };
          },
        ],
        { repeatLast: true },
      ),
      tools: [step],
      storage,
      config: everyStepWaits,
    });
  /** An agent that records the options each resume gets, then resumes with the loop. */
  const recording = (inner: QueueAgent, calls: QueueAgentResumeOptions[]): QueueAgent => ({
    run: (input, options) => inner.run(input, options),
    resume: (runId, options) => {
      calls.push(options);
      return inner.resume(runId, options);
    },
  });
  const refusing: QueueAgent = {
    run: () => Promise.reject(new Error("the job is done: nothing may run")),
    resume: () => Promise.reject(new Error("the job is done: nothing may resume")),
  };
  const resumeJob = (runId: string, decisions: InterruptDecisions): RunJobData => ({ kind: "resume", agent: "steps", runId, decisions: decisions as never });
  const suite = useRelayOnRedis("attempts-relay");
  const { prefix } = suite;
  /** Runs one attempt with a relay writer of its own, finished when the attempt ends (as the worker does). */
  const attempt = async (data: RunJobData, checkpoint: RunCheckpoint | undefined, runner: QueueAgent) => {
    const writer: RelayWriter = relayWriter(suite.redis, data.runId, { prefix, maxLength: 1000, expireAfterMs: 60_000 });
    try {
      return await runAttempt({
        data,
        agent: runner,
        checkpoint,
        checkpointRead: true,
        storage,
        writer,
        signal: new AbortController().signal,
        heldWaitMs: 2_000,
        endAttemptOnRetryableError: false,
      });
    } finally {
      await writer.finish();
    }
  };
  /** What the run's stream holds (it must have ended). */
  const relayed = (runId: string): Promise<StreamEvent[]> => readRelayed(suite.log, runId);
  const noEvents = { signal: new AbortController().signal, sinks: [], retryableErrorEnds: "run" as const };

  /** A run paused at a2: a1 approved and run by an earlier attempt of the job, which then died. */
  async function pausedAgainAtA2(): Promise<{ runId: string; checkpoint: RunCheckpoint }> {
    const runId = `attempt-${randomUUID()}`;
    const first = await agent().run("Go.", { runId, ...noEvents });
    expect(first.stopReason).toBe("interrupted");
    const second = await agent().resume(runId, { ...noEvents, decisions: { a1: { approve: true } } });
    expect(second).toMatchObject({ stopReason: "interrupted", interruptions: [{ id: "a2" }] });
    return { runId, checkpoint: (await storage.loadCheckpoint(runId))! };
  }

  beforeAll(async () => {
    storage = await createRedisStorage({ url: REDIS_URL, keyPrefix: `t-${randomUUID()}:attempts` });
  });
  afterAll(async () => {
    await storage?.close();
  });

  it("ends as paused, without resuming, when its decisions were applied before the run paused again for something else", async () => {
    const { runId, checkpoint } = await pausedAgainAtA2();
    const outcome = await attempt(resumeJob(runId, { a1: { approve: true } }), checkpoint, refusing);
    expect(outcome).toMatchObject({ runId, stopReason: "interrupted", resumed: true });
    // The run still waits for a2, as the earlier attempt left it.
    expect((await storage.loadCheckpoint(runId))?.status).toBe("interrupted");
    // That attempt's events never reached the stream (it ran outside the queue here): the stream ends as the loop
    // ends a paused run, from the checkpoint: the call it waits for, then the run-end.
    expect(await relayed(runId)).toEqual([
      {
        type: "tool-interrupted",
        runId,
        agentPath: "main",
        seq: 1,
        contentIndex: 0,
        timestamp: expect.any(Number),
        toolCallId: "a2",
        toolName: "step",
        kind: "approval",
      },
      expect.objectContaining({
        type: "run-end",
        seq: 2,
        agentPath: "main",
        stopReason: "interrupted",
        interruptions: [expect.objectContaining({ id: "a2" })],
      }),
    ]);
  });

  it("applies its decisions when the run waits for them, and the run goes on to its end", async () => {
    const { runId, checkpoint } = await pausedAgainAtA2();
    const calls: QueueAgentResumeOptions[] = [];
    ran.length = 0;
    const outcome = await attempt(resumeJob(runId, { a2: { approve: true } }), checkpoint, recording(agent(), calls));
    expect(outcome).toMatchObject({ runId, stopReason: "completed", text: "done", resumed: true });
    expect(calls.map((options) => options.decisions)).toEqual([{ a2: { approve: true } }]);
    expect(ran).toEqual(["a2"]);
  });

  it("returns the run's end when an earlier attempt finished the run before its worker died", async () => {
    const { runId } = await pausedAgainAtA2();
    const finished = await agent().resume(runId, { ...noEvents, decisions: { a2: { approve: true } } });
    expect(finished.stopReason).toBe("completed");
    const checkpoint = (await storage.loadCheckpoint(runId))!;
    const outcome = await attempt(resumeJob(runId, { a2: { approve: true } }), checkpoint, refusing);
    // The stored answer and counts, as the finished attempt's job would have returned them.
    expect(outcome).toMatchObject({
      runId,
      stopReason: "completed",
      text: finished.text,
      iterations: finished.iterations,
      toolCallCount: finished.toolCallCount,
      resumed: true,
    });
    expect(finished.text).toBe("done");
    // The finished attempt's run-end never reached the stream: it ends with the run-end the run would have sent.
    const events = await relayed(runId);
    expect(events).toEqual([
      {
        type: "run-end",
        runId,
        agentPath: "main",
        seq: 1,
        contentIndex: 0,
        timestamp: expect.any(Number),
        stopReason: "completed",
        text: "done",
        iterations: finished.iterations,
        toolCallCount: finished.toolCallCount,
        usage: finished.usage.total,
      },
    ]);
    // Another delivery of the job finds the stream ended with a root run-end, and adds nothing.
    expect(await attempt(resumeJob(runId, { a2: { approve: true } }), checkpoint, refusing)).toMatchObject({ stopReason: "completed", text: "done" });
    expect(await relayed(runId)).toEqual(events);
  });

  it("delivered again while its first attempt still runs the run: the second rejects retryably, writing nothing, and the stream is the first's", async () => {
    const { runId, checkpoint } = await pausedAgainAtA2();
    ran.length = 0;
    let release: () => void = () => undefined;
    holding = new Promise<void>((resolve) => (release = resolve));
    try {
      const job = resumeJob(runId, { a2: { approve: true } });
      const first = attempt(job, checkpoint, agent());
      await vi.waitFor(() => expect(ran).toEqual(["a2"]), { timeout: 10_000, interval: 5 });
      // The same job again, as BullMQ delivers it when it took the first worker's lock for lost: the run is held.
      const second = await attempt(job, checkpoint, agent()).catch((error: unknown) => error);
      expect(second).toMatchObject({ code: "RUN_NOT_RESUMABLE", retryable: true, details: { runId } });
      release();
      expect(await first).toMatchObject({ runId, stopReason: "completed", text: "done", resumed: true });
    } finally {
      release();
      holding = undefined;
    }
    expect(ran).toEqual(["a2"]);
    // The stream holds the first attempt's events alone: no error, one root run-end, the run's own.
    const events = await relayed(runId);
    expect(events.filter((event) => event.type === "error")).toEqual([]);
    expect(events.filter((event) => event.type === "run-end" && event.agentPath === "main")).toEqual([
      expect.objectContaining({ stopReason: "completed", text: "done" }),
    ]);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
  });

  it("hands decisions that name nothing the run waits for, next to ones that do, to the loop, which refuses them", async () => {
    const { runId, checkpoint } = await pausedAgainAtA2();
    await expect(attempt(resumeJob(runId, { a2: { approve: true }, zz: { approve: true } }), checkpoint, agent())).rejects.toMatchObject({
      code: "INVALID_DECISIONS",
    });
    expect((await storage.loadCheckpoint(runId))?.status).toBe("interrupted");
  });
});
