import { ROOT_CONTEXT, SpanStatusCode, trace, type Context, type Span } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import type { AgentConfig, Tool } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { fromCarrier, otelSink, traceContextCarrier } from "../src/index.js";
import { inMemoryTracing } from "./support/in-memory-tracing.js";

/** Holds `delete_file` calls for a person's approval. */
const needsApproval: AgentConfig = {
  beforeToolCalls: ({ calls }) => ({
    decisions: Object.fromEntries(
      calls
        .filter((planned) => planned.call.toolName === "delete_file")
        .map((planned) => [planned.call.toolCallId, { type: "interrupt", payload: { why: "changes files" } }]),
    ),
  }),
};
// A few milliseconds each, so the model call after them starts in a later millisecond: spans take their events'
// timestamps (whole milliseconds), and spans that start in the same one are ordered by name.
const tools: Tool[] = [fakeTool({ name: "search", delayMs: 5 }), fakeTool({ name: "delete_file", delayMs: 5 })];
const firstTurn = {
  toolCalls: [
    { id: "s1", name: "search", arguments: { q: "reports" } },
    { id: "d1", name: "delete_file", arguments: { path: "old.txt" } },
  ],
  usage: { inputTokens: 9, outputTokens: 3 },
};

describe("otelSink: a run that pauses and is resumed elsewhere", () => {
  it("the paused call's span says it waits for approval; the resumed run continues the same trace", async () => {
    const tracing = inMemoryTracing();
    const { paused, carrier } = await tracing.tracer.startActiveSpan("POST /runs", async (span) => {
      const result = await run({
        provider: scriptedModel([firstTurn]),
        model: "m",
        input: "Clean up.",
        tools,
        config: needsApproval,
        sinks: [otelSink({ tracer: tracing.tracer, parentContext: () => withSpan(span) })],
      });
      span.end();
      return { paused: result, carrier: traceContextCarrier(withSpan(span)) };
    });
    expect(paused.stopReason).toBe("interrupted");
    expect(tracing.tree()).toEqual([
      "POST /runs [INTERNAL]",
      "  invoke_agent main [INTERNAL]",
      "    chat m [CLIENT]",
      "    execute_tool delete_file [INTERNAL]",
    ]);
    const held = tracing.span("execute_tool delete_file");
    expect(held.attributes).toMatchObject({ "gen_ai.tool.call.id": "d1", "baton.tool.status": "interrupted", "baton.tool.interrupt_kind": "approval" });
    expect(held.status.code).toBe(SpanStatusCode.UNSET);
    expect(tracing.span("chat m").attributes).toMatchObject({ "gen_ai.usage.input_tokens": 9, "gen_ai.usage.output_tokens": 3 });
    expect(tracing.span("invoke_agent main").attributes).toMatchObject({ "baton.run.stop_reason": "interrupted" });
    expect(tracing.span("invoke_agent main").status.code).toBe(SpanStatusCode.UNSET);

    // Another worker resumes it from its JSON, with the stored trace context.
    const resumedTracing = inMemoryTracing();
    const resumed = await run({
      provider: scriptedModel(["Deleted."]),
      model: "m",
      tools,
      config: needsApproval,
      resume: JSON.stringify(paused.state),
      decisions: { d1: { approve: true } },
      sinks: [otelSink({ tracer: resumedTracing.tracer, parentContext: fromCarrier(JSON.parse(JSON.stringify(carrier))) })],
    });
    expect(resumed.text).toBe("Deleted.");
    const tree = resumedTracing.tree();
    // The two calls run at once: their order is their start times'.
    expect([...tree.slice(0, 2), ...tree.slice(2, 4).sort(), tree[4]]).toEqual([
      "invoke_agent main [INTERNAL]",
      "  chat m [CLIENT]",
      "  execute_tool delete_file [INTERNAL]",
      "  execute_tool search [INTERNAL]",
      "  chat m [CLIENT]",
    ]);
    const root = resumedTracing.span("invoke_agent main");
    expect(root.spanContext().traceId).toBe(tracing.span("POST /runs").spanContext().traceId);
    expect(root.parentSpanContext?.spanId).toBe(tracing.span("POST /runs").spanContext().spanId);
  });
});

/** The context with `span` active. */
function withSpan(span: Span): Context {
  return trace.setSpan(ROOT_CONTEXT, span);
}
