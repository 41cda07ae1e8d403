import type { StreamEvent, Tool } from "@baton/core";
import { scriptedModel } from "@baton/testing";
import { describe, expect, it } from "vitest";
import { createRunWorker } from "../src/index.js";
import { useQueueHarness, type QueueHarness } from "./support/harness.js";
import { loopAgent } from "./support/loop-agent.js";
import { describeWithRedis, REDIS_URL } from "./support/redis.js";

/** A tool that tells when it started and returns once `release()` is called. */
function gatedTool(): { tool: Tool; started: Promise<void>; release: () => void } {
  let markStarted!: () => void;
  let release!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const tool = {
    name: "wait",
    description: "Waits to be released.",
    parameters: { type: "object", properties: {} },
    execute: async () => {
      markStarted();
      await released;
      return "released";
    },
  } as Tool;
  return { tool, started, release };
}

/** Starts a worker whose agent calls the gated tool once, then answers. */
function startGatedWorker(harness: QueueHarness, gate: { tool: Tool }, events?: { batchDelayMs: number }) {
  harness.startWorker({
    agents: {
      gated: loopAgent({
        provider: scriptedModel([{ toolCalls: [{ name: "wait" }] }, "Done."]),
        tools: [gate.tool],
        storage: harness.storage,
      }),
    },
    ...(events === undefined ? {} : { events }),
  });
}

/** Events relayed so far (the stream's last sequence number; 0 when nothing was written). */
async function relayedSoFar(harness: QueueHarness, runId: string): Promise<number> {
  return (await harness.queue.events.head(runId))?.lastSeq ?? 0;
}

const typesOf = (events: readonly StreamEvent[]) => events.map((event) => event.type);

describeWithRedis("the relay's batch delay, set on the worker", () => {
  describe("events.batchDelayMs: 60000", () => {
    const harness = useQueueHarness();

    it("holds the run's events while it works and writes them all with its run-end, which never waits", async () => {
      const gate = gatedTool();
      startGatedWorker(harness, gate, { batchDelayMs: 60_000 });
      const { runId, jobId } = await harness.queue.submit({ agent: "gated", input: "Work." });
      await gate.started;
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Run start, step start, the tool call and its start were emitted, but wait for the minute to pass.
      expect(await relayedSoFar(harness, runId)).toBe(0);
      gate.release();
      expect(await harness.finished(jobId)).toMatchObject({ stopReason: "completed", text: "Done.", toolCallCount: 1 });
      const events = await harness.readAll(runId);
      expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
      expect(typesOf(events)).toContain("tool-start");
      expect(typesOf(events).at(-1)).toBe("run-end");
    });
  });

  describe("the default delay (4 ms)", () => {
    const harness = useQueueHarness();

    it("writes the run's events while its tool still works", async () => {
      const gate = gatedTool();
      startGatedWorker(harness, gate);
      const { runId, jobId } = await harness.queue.submit({ agent: "gated", input: "Work." });
      await gate.started;
      await new Promise((resolve) => setTimeout(resolve, 200));
      const written = await harness.queue.events.head(runId);
      expect(written?.lastSeq ?? 0).toBeGreaterThan(0);
      expect(written?.ended).toBe(false);
      gate.release();
      expect(await harness.finished(jobId)).toMatchObject({ stopReason: "completed", text: "Done.", toolCallCount: 1 });
    });
  });

  describe("a bad batch delay", () => {
    const harness = useQueueHarness();

    it("is refused when the worker is made, naming the option", () => {
      for (const batchDelayMs of [-1, 2.5, "4"]) {
        expect(() => createRunWorker({ connection: REDIS_URL, agents: {}, storage: harness.storage, events: { batchDelayMs } as never })).toThrow(
          /createRunWorker: events\(\): option "batchDelayMs" must be a non-negative integer/,
        );
      }
    });
  });
});
