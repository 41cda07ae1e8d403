import type { AgentConfig, Tool } from "@baton/core";
import { scriptedModel } from "@baton/testing";
import { expect, it } from "vitest";
import { loopAgent } from "./support/loop-agent.js";
import { describeWithRedis } from "./support/redis.js";
import { useQueueHarness } from "./support/harness.js";
import { threeTurnModel, workTool } from "./support/three-turns.js";

/** A tool that waits until the run is aborted. */
const hangingTool: Tool = {
  name: "hang",
  description: "Waits.",
  parameters: { type: "object", properties: {} },
  execute: (_args, context) => new Promise((_resolve, reject) => context.signal.addEventListener("abort", () => reject(context.signal.reason), { once: true })),
} as Tool;

/** Every call of `delete_file` waits for a person's approval. */
const approveDeletes: AgentConfig = {
  beforeToolCalls: ({ calls }) => ({
    decisions: Object.fromEntries(
      calls.filter((planned) => planned.call.toolName === "delete_file").map((planned) => [planned.call.toolCallId, { type: "interrupt" as const }]),
    ),
  }),
};

describeWithRedis("the queue's controls: bad jobs, unknown agents, aborts, pauses, limits, priorities", () => {
  const harness = useQueueHarness();
  const deleted: string[] = [];
  const deleteFile: Tool = {
    name: "delete_file",
    description: "Deletes a file.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    execute: async (args) => {
      deleted.push((args as { path: string }).path);
      return "deleted";
    },
  } as Tool;

  it("a job with invalid data fails alone, for good, and its stream ends with INVALID_RUN_JOB; the next job runs", async () => {
    harness.startWorker({
      agents: {
        worker: loopAgent({ provider: threeTurnModel(), tools: [workTool(() => undefined)], storage: harness.storage }),
        hanger: loopAgent({
          provider: scriptedModel([{ toolCalls: [{ name: "hang" }] }], { repeatLast: true }),
          tools: [hangingTool],
          storage: harness.storage,
        }),
        cleaner: loopAgent({
          provider: scriptedModel(
            [
              (request) =>
                request.messages.some((m) => m.role === "tool")
                  ? "Cleaned."
                  : { toolCalls: [{ id: "d1", name: "delete_file", arguments: { path: "old.txt" } }] },
            ],
            { repeatLast: true },
          ),
          tools: [deleteFile],
          config: approveDeletes,
          storage: harness.storage,
        }),
      },
      concurrency: 4,
    });
    const bad = await harness.queue.queue.add("run", { kind: "run", agent: "worker", runId: "bad-1", input: 42, extra: true }, { jobId: "bad-1", attempts: 3 });
    await expect(harness.finished(bad.id!)).rejects.toThrow(/INVALID_RUN_JOB: Run job bad-1 has invalid data: input: .*extra/s);
    const failed = await harness.queue.queue.getJob("bad-1");
    expect(failed!.attemptsMade).toBe(1);
    const events = await harness.readAll("bad-1");
    expect(events).toEqual([
      expect.objectContaining({ type: "error", seq: 1, error: expect.objectContaining({ code: "INVALID_RUN_JOB" }) }),
      expect.objectContaining({ type: "run-end", seq: 2, agentPath: "main", stopReason: "error", error: expect.objectContaining({ code: "INVALID_RUN_JOB" }) }),
    ]);
    const { jobId } = await harness.queue.submit({ agent: "worker", input: "Fine." });
    expect((await harness.finished(jobId)).stopReason).toBe("completed");
  });

  it("a job naming an unknown agent fails with UNKNOWN_AGENT, listing the known ones", async () => {
    const { runId } = await harness.queue.submit({ agent: "nobody", input: "Hi." });
    await expect(harness.finished(runId)).rejects.toThrow(
      'UNKNOWN_AGENT: No agent named "nobody" is registered with this worker. Known agents: worker, hanger, cleaner.',
    );
    const events = await harness.readAll(runId);
    expect(events.map((event) => event.type)).toEqual(["error", "run-end"]);
  });

  it("submit refuses bad requests before anything is queued", async () => {
    await expect(harness.queue.submit({ agent: "worker", input: "x", runID: "typo" } as never)).rejects.toThrow('RunQueue.submit(): unknown option "runID"');
    await expect(harness.queue.submit({ agent: "", input: "x" })).rejects.toThrow(/option "agent" must be a non-empty string/);
  });

  it("abort from the API side stops the run on the worker that holds it", async () => {
    const { runId } = await harness.queue.submit({ agent: "hanger", input: "Wait." });
    const seen: string[] = [];
    const controller = new AbortController();
    const reading = (async () => {
      for await (const batch of harness.queue.events.read(runId, 0, controller.signal)) {
        for (const event of batch) seen.push(event.type);
        if (seen.includes("tool-start")) break;
      }
    })();
    await reading;
    await harness.queue.abort(runId);
    const outcome = await harness.finished(runId);
    expect(outcome.stopReason).toBe("aborted");
    const events = await harness.readAll(runId);
    expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "aborted" });
  });

  it("a run aborted before any worker takes it ends aborted as soon as one does", async () => {
    const runId = `early-abort-${Date.now()}`;
    await harness.queue.abort(runId);
    await harness.queue.submit({ agent: "worker", input: "Too late.", runId });
    expect((await harness.finished(runId)).stopReason).toBe("aborted");
  });

  it("a run that waits for approval leaves the queue; resumed with a decision, it goes on in the same event stream", async () => {
    const { runId } = await harness.queue.submit({ agent: "cleaner", input: "Delete old.txt." });
    const paused = await harness.finished(runId);
    expect(paused.stopReason).toBe("interrupted");
    expect(deleted).toEqual([]);
    const first = await harness.readAll(runId);
    expect(first.at(-1)).toMatchObject({ type: "run-end", stopReason: "interrupted" });
    expect((await harness.queue.events.head(runId))?.ended).toBe(true);

    const { jobId } = await harness.queue.resume({ agent: "cleaner", runId, decisions: { d1: { approve: true } } });
    expect(jobId).not.toBe(runId);
    const done = await harness.finished(jobId);
    expect(done).toMatchObject({ stopReason: "completed", text: "Cleaned.", resumed: true });
    expect(deleted).toEqual(["old.txt"]);
    const all = await harness.readAll(runId);
    expect(all.map((event) => event.seq)).toEqual(all.map((_, i) => i + 1));
    expect(all.slice(0, first.length)).toEqual(first);
    expect(all.at(-1)).toMatchObject({ type: "run-end", stopReason: "completed" });
  });
});
