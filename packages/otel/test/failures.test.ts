import { SpanStatusCode } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { ContextLengthExceededError, type ContextEngine, type Message, type ModelProvider, type Tool } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { otelSink } from "../src/index.js";
import { inMemoryTracing } from "./support/in-memory-tracing.js";

describe("otelSink: errors and aborts", () => {
  it("a provider error fails the chat span (error.type is the Baton error code) and the agent's span", async () => {
    const tracing = inMemoryTracing();
    const model = scriptedModel([{ error: "upstream exploded" }]);
    const result = await run({ provider: model, model: "claude-test", input: "hi", sinks: [otelSink({ tracer: tracing.tracer })] });
    expect(result.stopReason).toBe("error");
    expect(tracing.tree()).toEqual(["invoke_agent main [INTERNAL]", "  chat claude-test [CLIENT]"]);
    const chat = tracing.span("chat claude-test");
    expect(chat.attributes).toMatchObject({ "gen_ai.provider.name": "anthropic", "gen_ai.response.finish_reasons": ["error"], "error.type": "PROVIDER_ERROR" });
    expect(chat.status.code).toBe(SpanStatusCode.ERROR);
    expect(chat.status.message).toContain("upstream exploded");
    const agent = tracing.span("invoke_agent main");
    expect(agent.attributes).toMatchObject({ "baton.run.stop_reason": "error", "error.type": "PROVIDER_ERROR" });
    expect(agent.status.code).toBe(SpanStatusCode.ERROR);
  });

  it("a tool that times out or is refused before it runs gets a failed execute_tool span", async () => {
    const tracing = inMemoryTracing();
    const model = scriptedModel([
      {
        toolCalls: [
          { id: "t1", name: "slow", arguments: {} },
          { id: "t2", name: "missing", arguments: {} },
        ],
      },
      "ok",
    ]);
    await run({
      provider: model,
      model: "m",
      input: "hi",
      tools: [{ ...fakeTool({ name: "slow", delayMs: 5_000 }), timeoutMs: 20 }],
      sinks: [otelSink({ tracer: tracing.tracer })],
    });
    expect(tracing.span("execute_tool slow").attributes).toMatchObject({ "baton.tool.status": "timeout", "error.type": "TOOL_TIMEOUT" });
    expect(tracing.span("execute_tool slow").status.code).toBe(SpanStatusCode.ERROR);
    const missing = tracing.span("execute_tool missing");
    expect(missing.attributes).toMatchObject({ "gen_ai.tool.call.id": "t2", "baton.tool.status": "invalid" });
    expect(missing.status.code).toBe(SpanStatusCode.ERROR);
    expect(tracing.childrenOf(tracing.span("invoke_agent main")).map((s) => s.name)).toContain("execute_tool missing");
  });

  it("an abort ends every open span of the run tree, marked aborted", async () => {
    const tracing = inMemoryTracing();
    const controller = new AbortController();
    const model = scriptedModel(
      [
        (request) => {
          const system = request.messages[0];
          if (system?.role === "system" && system.content.startsWith("You are a researcher"))
            return { toolCalls: [{ id: "w1", name: "web", arguments: { q: "x" } }] };
          return { toolCalls: [{ id: "r1", name: "research", arguments: {} }] };
        },
      ],
      { repeatLast: true },
    );
    const research: Tool = {
      name: "research",
      description: "Delegates to a researcher.",
      parameters: { type: "object", properties: {} },
      execute: async (_args, ctx) => {
        const sub = await ctx.runSubAgent({
          name: "researcher",
          input: "go",
          instructions: "You are a researcher.",
          tools: [fakeTool({ name: "web", delayMs: 10_000 })],
        });
        return sub.text;
      },
    };
    const result = await run({
      provider: model,
      model: "m",
      input: "hi",
      tools: [research],
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === "tool-start" && event.toolName === "web") setTimeout(() => controller.abort(), 10);
      },
      sinks: [otelSink({ tracer: tracing.tracer })],
    });
    expect(result.stopReason).toBe("aborted");
    expect(tracing.tree()).toEqual([
      "invoke_agent main [INTERNAL]",
      "  chat m [CLIENT]",
      "  execute_tool research [INTERNAL]",
      "    invoke_agent researcher [INTERNAL]",
      "      chat m [CLIENT]",
      "      execute_tool web [INTERNAL]",
    ]);
    for (const name of ["invoke_agent main", "execute_tool research", "invoke_agent researcher", "execute_tool web"]) {
      const span = tracing.span(name);
      expect({ name, aborted: span.attributes["baton.aborted"], status: span.status.code }).toEqual({ name, aborted: true, status: SpanStatusCode.ERROR });
    }
    expect(tracing.span("invoke_agent main").attributes).toMatchObject({ "baton.run.stop_reason": "aborted", "error.type": "RUN_ABORTED" });
    // The model calls had completed before the abort: they are not failed.
    for (const chat of tracing.spans().filter((s) => s.name === "chat m")) expect(chat.status.code).toBe(SpanStatusCode.UNSET);
  });

  it("an abort during a model call fails that chat span as aborted", async () => {
    const tracing = inMemoryTracing();
    const controller = new AbortController();
    const model = scriptedModel([{ text: "slow answer", delayMs: 5_000 }]);
    setTimeout(() => controller.abort(), 30);
    const result = await run({ provider: model, model: "m", input: "hi", signal: controller.signal, sinks: [otelSink({ tracer: tracing.tracer })] });
    expect(result.stopReason).toBe("aborted");
    const chat = tracing.span("chat m");
    expect(chat.attributes).toMatchObject({ "gen_ai.response.finish_reasons": ["aborted"], "baton.aborted": true, "error.type": "RUN_ABORTED" });
    expect(chat.status.code).toBe(SpanStatusCode.ERROR);
  });

  it("a call that did not fit the window fails its chat span with PROVIDER_CONTEXT_LENGTH; the retried call succeeds", async () => {
    const tracing = inMemoryTracing();
    const user = (text: string): Message => ({ role: "user", content: [{ type: "text", text }] });
    const model: ModelProvider = {
      id: "small",
      async *stream(request) {
        if (request.messages.length > 2) throw new ContextLengthExceededError("maximum context length is 4096 tokens", { provider: "small", status: 400 });
        yield { type: "text-delta", text: "fits" };
        yield { type: "finish", reason: "stop" };
      },
    };
    const engine: ContextEngine = {
      prepare: async (input) =>
        input.contextLimit >= 5_000
          ? { inLoop: input.inLoop }
          : {
              inLoop: input.inLoop,
              messages: [input.messages[0]!, input.messages.at(-1)!],
              events: [{ type: "context-trimmed", strategy: "test", removedMessages: 2, tokensBefore: 9000, tokensAfter: 100 }],
            },
    };
    const result = await run({
      provider: model,
      model: "m",
      instructions: "Be brief.",
      input: [user("one"), user("two"), user("three")],
      contextEngine: engine,
      contextLimit: 100_000,
      sinks: [otelSink({ tracer: tracing.tracer })],
    });
    expect(result.text).toBe("fits");
    const [failed, retried] = tracing
      .spans()
      .filter((s) => s.name === "chat m")
      .sort((a, b) => Number(a.attributes["baton.step.iteration"]) - Number(b.attributes["baton.step.iteration"]));
    expect(failed!.attributes).toMatchObject({ "error.type": "PROVIDER_CONTEXT_LENGTH", "gen_ai.response.finish_reasons": ["error"] });
    expect(failed!.status.code).toBe(SpanStatusCode.ERROR);
    expect(retried!.status.code).toBe(SpanStatusCode.UNSET);
    expect(tracing.span("invoke_agent main").events.map((e) => e.name)).toEqual(["baton.context.trimmed"]);
  });
});
