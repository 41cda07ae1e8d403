import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { otelSink } from "../src/index.js";
import { endOf, inMemoryTracing, startOf } from "./support/in-memory-tracing.js";
import { researchModel, researchTool } from "./support/research-tool.js";

describe("otelSink: the span tree of a run", () => {
  it("a run with parallel tools: invoke_agent > chat, execute_tool…, with GenAI attributes, and times from the events", async () => {
    const tracing = inMemoryTracing();
    const events: StreamEvent[] = [];
    const model = scriptedModel([
      {
        toolCalls: [
          { id: "c1", name: "alpha", arguments: { q: "a" } },
          { id: "c2", name: "broken", arguments: {} },
        ],
        usage: { inputTokens: 50, outputTokens: 7, cachedInputTokens: 20, reasoningTokens: 3 },
      },
      { text: "done", usage: { inputTokens: 80, outputTokens: 2 } },
    ]);
    const result = await run({
      provider: model,
      model: "gpt-test",
      input: "hi",
      tools: [fakeTool({ name: "alpha", delayMs: 15 }), fakeTool({ name: "broken", error: "boom" })],
      onEvent: (event) => void events.push(event),
      sinks: [otelSink({ tracer: tracing.tracer })],
    });
    expect(result.stopReason).toBe("completed");

    expect(tracing.tree()).toEqual([
      "invoke_agent main [INTERNAL]",
      "  chat gpt-test [CLIENT]",
      "  execute_tool alpha [INTERNAL]",
      "  execute_tool broken [INTERNAL]",
      "  chat gpt-test [CLIENT]",
    ]);
    const agent = tracing.span("invoke_agent main");
    expect(agent.kind).toBe(SpanKind.INTERNAL);
    expect(agent.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": "main",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-test",
      "baton.run.id": result.runId,
      "baton.agent.path": "main",
      "baton.run.stop_reason": "completed",
      "baton.run.iterations": 2,
      "baton.run.tool_call_count": 2,
      "baton.run.usage.input_tokens": 130,
      "baton.run.usage.output_tokens": 9,
    });
    expect(agent.status.code).toBe(SpanStatusCode.UNSET);

    const [first, second] = tracing
      .spans()
      .filter((s) => s.name === "chat gpt-test")
      .sort((a, b) => startOf(a) - startOf(b));
    expect(first!.kind).toBe(SpanKind.CLIENT);
    expect(first!.attributes).toEqual({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "gpt-test",
      "gen_ai.response.model": "gpt-test",
      "gen_ai.response.finish_reasons": ["tool_calls"],
      "gen_ai.usage.input_tokens": 50,
      "gen_ai.usage.output_tokens": 7,
      "gen_ai.usage.cache_read.input_tokens": 20,
      "gen_ai.usage.reasoning.output_tokens": 3,
      "baton.run.id": result.runId,
      "baton.agent.path": "main",
      "baton.step.iteration": 1,
    });
    expect(second!.attributes).toMatchObject({ "gen_ai.response.finish_reasons": ["stop"], "gen_ai.usage.input_tokens": 80, "baton.step.iteration": 2 });

    const alpha = tracing.span("execute_tool alpha");
    expect(alpha.attributes).toEqual({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "alpha",
      "gen_ai.tool.call.id": "c1",
      "gen_ai.tool.type": "function",
      "baton.run.id": result.runId,
      "baton.agent.path": "main",
      "baton.tool.status": "ok",
    });
    expect(alpha.status.code).toBe(SpanStatusCode.UNSET);
    const broken = tracing.span("execute_tool broken");
    expect(broken.attributes).toMatchObject({ "gen_ai.tool.call.id": "c2", "baton.tool.status": "error", "error.type": "TOOL_EXECUTION_FAILED" });
    expect(broken.status).toEqual({ code: SpanStatusCode.ERROR, message: "boom" });

    // Times come from the events: the agent from run-start to run-end, the first call from its step-start to its model turn, the tools from start to end.
    const at = (type: string, pick: (e: StreamEvent) => boolean = () => true): number => events.find((e) => e.type === type && pick(e))!.timestamp;
    expect(startOf(agent)).toBe(at("run-start"));
    expect(endOf(agent)).toBe(at("run-end"));
    expect(startOf(first!)).toBe(at("step-start"));
    expect(endOf(first!)).toBe(at("message"));
    expect(startOf(alpha)).toBe(at("tool-start", (e) => e.type === "tool-start" && e.toolCallId === "c1"));
    expect(endOf(alpha)).toBe(at("tool-done"));
    // One trace.
    expect(new Set(tracing.spans().map((s) => s.spanContext().traceId)).size).toBe(1);
  });

  it("a nested sub-agent's span is a child of the execute_tool span of the call that started it, also when calls run at once", async () => {
    const tracing = inMemoryTracing();
    // The "cats" call starts its researcher after the "dogs" call does: researcher#1 is dogs'.
    const result = await run({
      provider: researchModel(),
      model: "m",
      input: "Tell me about pets",
      tools: [researchTool((topic) => (topic === "cats" ? 30 : 0))],
      sinks: [otelSink({ tracer: tracing.tracer, providerName: "baton-test" })],
    });
    expect(result.text).toBe("Summary of both topics.");
    expect(tracing.tree()).toEqual([
      "invoke_agent main [INTERNAL]",
      "  chat m [CLIENT]",
      "  execute_tool research [INTERNAL]",
      "    invoke_agent researcher [INTERNAL]",
      "      chat m [CLIENT]",
      "      execute_tool web [INTERNAL]",
      "      chat m [CLIENT]",
      "  execute_tool research [INTERNAL]",
      "    invoke_agent researcher [INTERNAL]",
      "      chat m [CLIENT]",
      "      execute_tool web [INTERNAL]",
      "      chat m [CLIENT]",
      "  chat m [CLIENT]",
    ]);
    const calls = tracing.spans().filter((s) => s.name === "execute_tool research");
    const placed = calls.map((call) => {
      const [researcher] = tracing.childrenOf(call);
      const web = tracing.childrenOf(researcher!).find((s) => s.name === "execute_tool web")!;
      return [call.attributes["gen_ai.tool.call.id"], researcher!.attributes["baton.agent.path"], web.attributes["gen_ai.tool.call.id"]];
    });
    expect(placed.sort()).toEqual([
      ["call-cats", "main/researcher#2", "web-cats"],
      ["call-dogs", "main/researcher#1", "web-dogs"],
    ]);
    const researcher = tracing.spans().find((s) => s.attributes["baton.agent.path"] === "main/researcher#1" && s.name.startsWith("invoke_agent"))!;
    expect(researcher.attributes).toMatchObject({
      "gen_ai.agent.name": "researcher",
      "gen_ai.provider.name": "baton-test",
      "baton.agent.parent_path": "main",
      "baton.run.stop_reason": "completed",
      "baton.run.usage.input_tokens": 18,
    });
    expect(new Set(tracing.spans().map((s) => s.spanContext().traceId)).size).toBe(1);
  });
});
