import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { RunState, StreamEvent } from "@baton/core";
import { buildTrace, checkpointEvents, createViewerHandler, type ViewerRunResponse } from "../src/index.js";
import { threeAgentRun } from "./support/three-agent-run.js";

const outline = (events: readonly StreamEvent[]) =>
  buildTrace(events).rows.map(
    (row) => `${"  ".repeat(row.depth)}${row.kind} ${row.kind === "model" ? `${row.agentPath}#${row.iteration}` : row.name} ${row.status}`,
  );

describe("checkpointEvents: a stored run without an event log, from its checkpoint (approximate)", () => {
  it("rebuilds the agents, model calls (tokens, cost) and the root's tool calls, sub-agents under the call that ran them", async () => {
    const { events, result } = await threeAgentRun({ delayMs: 5 });
    const rebuilt = checkpointEvents(result.state as RunState);
    expect(rebuilt.map((event) => event.seq)).toEqual(rebuilt.map((_, i) => i + 1));
    expect(outline(rebuilt)).toEqual([
      "agent main ok",
      "  model main#1 ok",
      "  tool research ok",
      "    agent main/researcher#1 ok",
      "      model main/researcher#1#1 ok",
      "      model main/researcher#1#2 ok",
      "    agent main/researcher#2 ok",
      "      model main/researcher#2#1 ok",
      "      model main/researcher#2#2 ok",
      "  tool clock ok",
      "  model main#2 ok",
    ]);
    // The sub-agents' own tool calls are not in a finished run's checkpoint; everything else matches the events.
    const exact = buildTrace(events);
    const approx = buildTrace(rebuilt);
    expect(approx.totals).toMatchObject({ inputTokens: exact.totals.inputTokens, outputTokens: exact.totals.outputTokens, calls: 6, agents: 3, toolCalls: 2 });
    expect(approx.totals.costUsd).toBeCloseTo(exact.totals.costUsd!, 10);
    const research = approx.rows.find((row) => row.name === "research")!;
    expect(research.detail.result).toEqual({ findings: ["Findings on facts.", "Findings on context."] });
    expect(research.durationMs).toBe(exact.rows.find((row) => row.name === "research")!.durationMs);
    expect(approx.rows.find((row) => row.id === "model:main:1")!.detail.messages?.[0]?.role).toBe("assistant");
    expect(approx.rows[0]!.detail.text).toBe("Sunlight takes about 8 minutes.");
    // Times stay within the run.
    for (const row of approx.rows) {
      expect(row.start).toBeGreaterThanOrEqual(approx.start);
      expect(row.end!).toBeLessThanOrEqual(approx.end);
    }
  });

  it("is served by the handler from any storage's loadCheckpoint, marked approximate", async () => {
    const { result, runId } = await threeAgentRun({ delayMs: 0 });
    const viewer = createViewerHandler({ checkpoints: { loadCheckpoint: async (id) => (id === runId ? (result.state as RunState) : undefined) } });
    const server = createServer(async (req, res) => void (await viewer(req, res)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/viewer/api/runs/`;
      const body = (await (await fetch(base + runId)).json()) as ViewerRunResponse;
      expect(body).toMatchObject({ runId, ended: true, approximate: true });
      expect(body.events.length).toBeGreaterThan(20);
      expect((await fetch(`${base}other`)).status).toBe(404);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
