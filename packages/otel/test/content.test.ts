import { describe, expect, it } from "vitest";
import type { DataPolicy } from "@baton/core";
import { run } from "@baton/loop";
import { SECRET, fakeTool, findSecret, scriptedModel, type ScriptedModel } from "@baton/testing";
import { otelSink, type OtelSinkOptions } from "../src/index.js";
import { inMemoryTracing, type InMemoryTracing } from "./support/in-memory-tracing.js";

const CONTENT_ATTRIBUTES = ["gen_ai.output.messages", "gen_ai.tool.call.arguments", "gen_ai.tool.call.result"];

/** A run whose model says the secret, passes it to `lookup`, and whose `vault` tool returns it. */
function secretModel(): ScriptedModel {
  return scriptedModel([
    {
      text: `I will look up ${SECRET}`,
      reasoning: `thinking about ${SECRET}`,
      toolCalls: [
        { id: "l1", name: "lookup", arguments: { key: SECRET } },
        { id: "v1", name: "vault", arguments: { open: true } },
      ],
    },
    `The answer is ${SECRET}`,
  ]);
}

async function tracedRun(options: Omit<OtelSinkOptions, "tracer">): Promise<InMemoryTracing> {
  const tracing = inMemoryTracing();
  await run({
    provider: secretModel(),
    model: "m",
    input: "hi",
    tools: [fakeTool({ name: "lookup", result: "found it" }), fakeTool({ name: "vault", result: { value: SECRET } })],
    sinks: [otelSink({ tracer: tracing.tracer, ...options })],
  });
  return tracing;
}

/** Every attribute and event attribute of every span. */
function recorded(tracing: InMemoryTracing): unknown {
  return tracing
    .spans()
    .map((span) => ({ name: span.name, attributes: span.attributes, events: span.events.map((event) => event.attributes), status: span.status }));
}

describe("otelSink: content", () => {
  it("records no content by default", async () => {
    const tracing = await tracedRun({});
    for (const span of tracing.spans()) for (const key of CONTENT_ATTRIBUTES) expect(span.attributes[key], `${span.name} ${key}`).toBeUndefined();
    expect(findSecret(recorded(tracing))).toEqual([]);
  });

  it("records output messages, tool arguments and results, and the final answer when opted in", async () => {
    const tracing = await tracedRun({ captureContent: true });
    const [firstChat] = tracing.spans().filter((s) => s.name === "chat m");
    expect(JSON.parse(String(firstChat!.attributes["gen_ai.output.messages"]))).toEqual([
      {
        role: "assistant",
        parts: [
          { type: "reasoning", content: `thinking about ${SECRET}` },
          { type: "text", content: `I will look up ${SECRET}` },
          { type: "tool_call", id: "l1", name: "lookup", arguments: { key: SECRET } },
          { type: "tool_call", id: "v1", name: "vault", arguments: { open: true } },
        ],
        finish_reason: "tool_calls",
      },
    ]);
    expect(tracing.span("execute_tool lookup").attributes).toMatchObject({
      "gen_ai.tool.call.arguments": JSON.stringify({ key: SECRET }),
      "gen_ai.tool.call.result": "found it",
    });
    expect(tracing.span("execute_tool vault").attributes["gen_ai.tool.call.result"]).toBe(JSON.stringify({ value: SECRET }));
    expect(JSON.parse(String(tracing.span("invoke_agent main").attributes["gen_ai.output.messages"]))).toEqual([
      { role: "assistant", parts: [{ type: "text", content: `The answer is ${SECRET}` }] },
    ]);
  });

  it("never records what the data policy excludes, even when opted in", async () => {
    const policy: DataPolicy = {
      storeText: false,
      storeToolCalls: true,
      storeToolResults: true,
      filterToolCalls: (name) => name !== "lookup",
      filterToolResults: (name) => name !== "vault",
    };
    const tracing = await tracedRun({ captureContent: true, dataPolicy: policy });
    expect(findSecret(recorded(tracing))).toEqual([]);
    // What the policy keeps is still there.
    const [firstChat] = tracing.spans().filter((s) => s.name === "chat m");
    expect(JSON.parse(String(firstChat!.attributes["gen_ai.output.messages"]))).toEqual([
      { role: "assistant", parts: [{ type: "tool_call", id: "v1", name: "vault", arguments: { open: true } }], finish_reason: "tool_calls" },
    ]);
    expect(tracing.span("execute_tool vault").attributes["gen_ai.tool.call.arguments"]).toBe(JSON.stringify({ open: true }));
    expect(tracing.span("execute_tool lookup").attributes["gen_ai.tool.call.result"]).toBe("found it");
    expect(tracing.span("execute_tool lookup").attributes["gen_ai.tool.call.arguments"]).toBeUndefined();
    expect(tracing.span("invoke_agent main").attributes["gen_ai.output.messages"]).toBeUndefined();
  });

  it("records tool progress messages as span events only when opted in and the policy keeps the tool's results", async () => {
    const progressTool = fakeTool({
      name: "lookup",
      result: async (_args: unknown, ctx) => {
        await ctx.progress(`reading ${SECRET}`);
        return "found it";
      },
    });
    const runWith = async (options: Omit<OtelSinkOptions, "tracer">): Promise<InMemoryTracing> => {
      const tracing = inMemoryTracing();
      const model = scriptedModel([{ toolCalls: [{ id: "l1", name: "lookup", arguments: {} }] }, "ok"]);
      await run({ provider: model, model: "m", input: "hi", tools: [progressTool], sinks: [otelSink({ tracer: tracing.tracer, ...options })] });
      return tracing;
    };
    expect((await runWith({ captureContent: true })).span("execute_tool lookup").events.map((e) => [e.name, e.attributes])).toEqual([
      ["baton.tool.progress", { message: `reading ${SECRET}` }],
    ]);
    expect((await runWith({})).span("execute_tool lookup").events).toEqual([]);
    expect(
      (await runWith({ captureContent: true, dataPolicy: { storeText: true, storeToolCalls: true, storeToolResults: false } })).span("execute_tool lookup")
        .events,
    ).toEqual([]);
  });
});
