import { describe, expect, it } from "vitest";
import { STORE_EVERYTHING, type DataPolicy, type StreamEvent } from "@baton/core";
import { buildTrace, createEventRecorder, createViewerHandler, REDACTED, redactEvent } from "../src/index.js";
import { threeAgentRun } from "./support/three-agent-run.js";

const noResults: DataPolicy = { ...STORE_EVERYTHING, storeToolResults: false };
const noSearchCalls: DataPolicy = { ...STORE_EVERYTHING, filterToolCalls: (name) => name !== "search" };
const noText: DataPolicy = { ...STORE_EVERYTHING, storeText: false };

describe("the data policy in the viewer", () => {
  it("redacts what the policy excludes and keeps the waterfall whole", async () => {
    const { events } = await threeAgentRun({ delayMs: 0 });
    expect(events.map((event) => redactEvent(event, STORE_EVERYTHING))).toEqual(events);

    const withoutResults = buildTrace(events.map((event) => redactEvent(event, noResults)));
    const full = buildTrace(events);
    // Same rows, same times, tokens and statuses.
    expect(withoutResults.rows.map(({ id, start, end, status, tokens }) => ({ id, start, end, status, tokens }))).toEqual(
      full.rows.map(({ id, start, end, status, tokens }) => ({ id, start, end, status, tokens })),
    );
    const research = withoutResults.rows.find((row) => row.name === "research")!;
    expect(research.detail.result).toBe(REDACTED);
    expect(research.detail.arguments).toEqual({ topic: "sunlight" });
    expect(research.detail.progress).toEqual([REDACTED]);
    // Tool results are gone from the messages too.
    const messages = withoutResults.rows.flatMap((row) => row.detail.messages ?? []);
    expect(messages.some((message) => message.role === "tool" && message.content.length > 0)).toBe(false);

    const searches = buildTrace(events.map((event) => redactEvent(event, noSearchCalls))).rows.filter((row) => row.name === "search");
    expect(searches.map((row) => row.detail.arguments)).toEqual([REDACTED, REDACTED]);
    expect(searches.map((row) => row.detail.result)).not.toContain(REDACTED);

    const textless = buildTrace(events.map((event) => redactEvent(event, noText)));
    expect(textless.rows[0]!.detail.text).toBe(REDACTED);
    expect(JSON.stringify(textless.rows.flatMap((row) => row.detail.messages ?? []))).not.toContain("Let me research.");
  });

  it("the recorder keeps only what the policy allows, and the handler serves events redacted", async () => {
    const { events, runId } = await threeAgentRun({ delayMs: 0 });
    const recorder = createEventRecorder({ dataPolicy: noResults });
    for (const event of events) recorder.emit(event);
    const done = recorder.events(runId)!.filter((event): event is Extract<StreamEvent, { type: "tool-done" }> => event.type === "tool-done");
    expect(done.map((event) => event.result)).toEqual([REDACTED, REDACTED, REDACTED, REDACTED]);

    const handler = createViewerHandler({ events: () => events, dataPolicy: noText });
    const { createServer } = await import("node:http");
    const server = createServer(async (req, res) => void (await handler(req, res)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const body = (await (await fetch(`http://127.0.0.1:${port}/viewer/api/runs/${runId}`)).json()) as { events: StreamEvent[] };
      expect(body.events.filter((event) => event.type === "text-delta").every((event) => event.type === "text-delta" && event.text === REDACTED)).toBe(true);
      expect(JSON.stringify(body.events)).not.toContain("Sunlight takes about 8 minutes.");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
