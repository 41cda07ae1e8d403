import { describe, expect, it } from "vitest";
import type { StreamEvent, UnstampedEvent } from "@baton/core";
import { otelSink, type OtelSink } from "../src/index.js";
import { inMemoryTracing, type InMemoryTracing } from "./support/in-memory-tracing.js";

/** Feeds hand-made events of run `r1` to a sink, stamping them as the loop would. */
function feeder(sink: OtelSink): (agentPath: string, event: UnstampedEvent) => void {
  let seq = 0;
  return (agentPath, event) => sink.emit({ ...event, runId: "r1", agentPath, seq: ++seq, contentIndex: 0, timestamp: 1_000 + seq } as StreamEvent);
}

const USAGE = { inputTokens: 1, outputTokens: 1, cachedInputTokens: 0, reasoningTokens: 0, calls: 1, costComplete: false, tools: [] };
const end = { type: "run-end", stopReason: "completed", text: "", iterations: 1, toolCallCount: 0, usage: USAGE } as const;
const toolStart = (id: string): UnstampedEvent => ({ type: "tool-start", toolCallId: id, toolName: "delegate", arguments: {} });
const toolDone = (id: string): UnstampedEvent => ({ type: "tool-done", toolCallId: id, toolName: "delegate", result: "ok", durationMs: 1 });
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The `baton.agent.path` of the span that is the parent of the sub-agent `path`'s span (or the parent tool's call id). */
function parentOf(tracing: InMemoryTracing, path: string): unknown {
  const spans = tracing.spans();
  const agent = spans.find((s) => s.name.startsWith("invoke_agent") && s.attributes["baton.agent.path"] === path)!;
  const parent = spans.find((s) => s.spanContext().spanId === agent.parentSpanContext?.spanId)!;
  return parent.attributes["gen_ai.tool.call.id"] ?? parent.attributes["baton.agent.path"];
}

describe("otelSink: where a sub-agent's span goes", () => {
  it("under the call whose asynchronous flow started it, whatever the order", async () => {
    const tracing = inMemoryTracing();
    const emit = feeder(otelSink({ tracer: tracing.tracer }));
    emit("main", { type: "run-start", model: "m" });
    // Each call runs in its own flow, as the loop runs them; the second call's sub-agent starts first.
    const call = async (id: string, sub: string, wait: number): Promise<void> => {
      emit("main", toolStart(id));
      for (let i = 0; i < wait; i++) await tick();
      emit(sub, { type: "run-start", model: "m", parentAgentPath: "main" });
      emit(sub, end);
      emit("main", toolDone(id));
    };
    await Promise.all([call("c1", "main/sub#2", 3), call("c2", "main/sub#1", 1)]);
    emit("main", end);
    expect(parentOf(tracing, "main/sub#1")).toBe("c2");
    expect(parentOf(tracing, "main/sub#2")).toBe("c1");
  });

  it("with no flow to go by: under the parent's only running call, else under the parent agent", async () => {
    const tracing = inMemoryTracing();
    const emit = feeder(otelSink({ tracer: tracing.tracer }));
    emit("main", { type: "run-start", model: "m" });
    // Calls started from other flows (so this flow carries no call).
    await new Promise<void>((resolve) => setImmediate(() => (emit("main", toolStart("c1")), resolve())));
    emit("main/only#1", { type: "run-start", model: "m", parentAgentPath: "main" });
    emit("main/only#1", end);
    await new Promise<void>((resolve) => setImmediate(() => (emit("main", toolStart("c2")), resolve())));
    emit("main/either#1", { type: "run-start", model: "m", parentAgentPath: "main" });
    emit("main/either#1", end);
    emit("main", toolDone("c1"));
    emit("main", toolDone("c2"));
    emit("main", end);
    expect(parentOf(tracing, "main/only#1")).toBe("c1");
    expect(parentOf(tracing, "main/either#1")).toBe("main");
  });

  it("ends what its own events never ended when the root ends", () => {
    const tracing = inMemoryTracing();
    const emit = feeder(otelSink({ tracer: tracing.tracer }));
    emit("main", { type: "run-start", model: "m" });
    emit("main", { type: "step-start", iteration: 1, model: "m", toolsSent: true });
    emit("main", toolStart("c1"));
    emit("main/sub#1", { type: "run-start", model: "m", parentAgentPath: "main" });
    emit("main", end);
    expect(
      tracing
        .spans()
        .map((s) => [s.name, s.attributes["baton.span.unfinished"] ?? false])
        .sort(),
    ).toEqual([
      ["chat m", true],
      ["execute_tool delegate", true],
      ["invoke_agent main", false],
      ["invoke_agent sub", true],
    ]);
  });
});
