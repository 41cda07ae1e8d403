import { scriptedModel } from "@baton/testing";
import { expect, it } from "vitest";
import { loopAgent } from "./support/loop-agent.js";
import { describeWithRedis } from "./support/redis.js";
import { useQueueHarness } from "./support/harness.js";

describeWithRedis("limits: rate limits per provider and model, priorities, concurrency", () => {
  const harness = useQueueHarness();
  const started: { runId: string; at: number }[] = [];
  const answer = () => loopAgent({ provider: scriptedModel(["Fine."], { repeatLast: true }), storage: harness.storage });
  /** Records when each run really started (its first event reached the relay writer). */
  const recordingAgent = () => {
    const agent = answer();
    return {
      run: (input: Parameters<typeof agent.run>[0], options: Parameters<typeof agent.run>[1]) => {
        started.push({ runId: options.runId, at: Date.now() });
        return agent.run(input, options);
      },
      resume: agent.resume,
    };
  };

  it("a rate limit shared by the workers lets `max` runs of its key start per window; the others wait for a later window", async () => {
    const windowMs = 1_000;
    harness.startWorker({ agents: { limited: recordingAgent() }, concurrency: 3, rateLimits: { "openai:gpt-test": { max: 2, durationMs: windowMs } } });
    harness.startWorker({ agents: { limited: recordingAgent() }, concurrency: 3, rateLimits: { "openai:gpt-test": { max: 2, durationMs: windowMs } } });
    const runIds = await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => (await harness.queue.submit({ agent: "limited", input: `Hi ${i}`, rateLimitKey: "openai:gpt-test" })).runId),
    );
    const outcomes = await Promise.all(runIds.map((runId) => harness.finished(runId)));
    expect(outcomes.map((outcome) => outcome.stopReason)).toEqual(["completed", "completed", "completed", "completed", "completed"]);
    // Five starts at two per window need three windows: the last start comes more than a window after the first
    // (less the moment between a grant and its record).
    // (Each start is recorded a moment after the limiter granted it, so counting starts per window of the
    // recorded times could put a start granted at a window's end into the next one.)
    const times = started
      .filter((start) => runIds.includes(start.runId))
      .map((start) => start.at)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(5);
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(windowMs * 0.9);
    // Waiting for the limit is not a failed attempt.
    for (const runId of runIds) expect((await harness.queue.queue.getJob(runId))!.attemptsMade).toBeLessThanOrEqual(1);
  });
});

describeWithRedis("priorities", () => {
  const harness = useQueueHarness();
  const order: string[] = [];

  it("with one worker free, a run with a higher priority (lower number) starts before runs queued earlier", async () => {
    const agent = loopAgent({ provider: scriptedModel(["Fine."], { repeatLast: true }), storage: harness.storage });
    const recording = {
      run: (input: Parameters<typeof agent.run>[0], options: Parameters<typeof agent.run>[1]) => (order.push(options.runId), agent.run(input, options)),
      resume: agent.resume,
    };
    await harness.queue.submit({ agent: "a", input: "1", runId: "low-1", priority: 10 });
    await harness.queue.submit({ agent: "a", input: "2", runId: "low-2", priority: 10 });
    await harness.queue.submit({ agent: "a", input: "3", runId: "urgent", priority: 1 });
    harness.startWorker({ agents: { a: recording }, concurrency: 1 });
    await Promise.all(["low-1", "low-2", "urgent"].map((runId) => harness.finished(runId)));
    expect(order).toEqual(["urgent", "low-1", "low-2"]);
  });
});
