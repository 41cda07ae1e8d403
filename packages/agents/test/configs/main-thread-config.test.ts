import { describe, expect, it } from "vitest";
import { STORE_EVERYTHING, type Message, type StreamEvent } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import {
  MAIN_THREAD_FINAL_ANSWER_INSTRUCTION,
  defaultEnableHint,
  disabledToolsInstruction,
  mainThreadConfig,
  type EnableHintTool,
} from "../../src/configs/index.js";

const systemTexts = (messages: readonly Message[]): string[] => messages.filter((m) => m.role === "system").map((m) => (m as { content: string }).content);
const textOf = (events: readonly StreamEvent[]): string => events.map((e) => (e.type === "text-delta" ? e.text : "")).join("");

describe("mainThreadConfig", () => {
  it("is a parallel-tools agent that stores everything", () => {
    const config = mainThreadConfig({ toolCallLimit: 7, nonIterativeTools: ["memory"] });
    expect(config.useParallelTools).toBe(true);
    expect(config.dataPolicy).toBe(STORE_EVERYTHING);
    expect(config.toolCallLimit).toBe(7);
    expect(config.nonIterativeTools).toEqual(["memory"]);
  });

  it("at the tool-call limit, the last request has no tools and carries the final-answer instruction once", async () => {
    const search = fakeTool({ name: "search", result: (a: { q: string }) => `results for ${a.q}` });
    const model = scriptedModel([
      {
        toolCalls: [
          { name: "search", arguments: { q: "a" } },
          { name: "search", arguments: { q: "b" } },
        ],
      },
      "Here is what I found.",
    ]);
    const result = await run({ provider: model, model: "m", input: "find a and b", tools: [search], config: mainThreadConfig({ toolCallLimit: 2 }) });

    expect(model.requests).toHaveLength(2);
    expect(model.requests[0]!.tools?.map((t) => t.name)).toEqual(["search"]);
    expect(model.requests[0]!.parallelToolCalls).toBe(true);
    const last = model.requests[1]!;
    expect(last.tools).toBeUndefined();
    expect(last.toolChoice).toBeUndefined();
    expect(systemTexts(last.messages).filter((t) => t === MAIN_THREAD_FINAL_ANSWER_INSTRUCTION)).toHaveLength(1);
    expect(last.messages.at(-1)).toEqual({ role: "system", content: MAIN_THREAD_FINAL_ANSWER_INSTRUCTION });
    expect(search.calls.map((c) => c.args)).toEqual([{ q: "a" }, { q: "b" }]);
    expect(result).toMatchObject({ text: "Here is what I found.", stopReason: "tool_call_limit", toolCallCount: 2, iterations: 2 });
  });

  it("uses a custom final-answer instruction", async () => {
    const model = scriptedModel([{ toolCalls: [{ name: "search" }] }, "done"]);
    await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "search" })],
      config: mainThreadConfig({ toolCallLimit: 1, finalAnswerInstruction: "Wrap up now." }),
    });
    expect(model.requests[1]!.messages.at(-1)).toEqual({ role: "system", content: "Wrap up now." });
  });

  it("on the last iteration maxIterations allows, it sends no tools and asks for the answer", async () => {
    const model = scriptedModel([{ toolCalls: [{ name: "search" }] }, { toolCalls: [{ name: "search" }] }, "Final answer from two searches."]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [fakeTool({ name: "search" })], config: mainThreadConfig(), maxIterations: 3 });
    expect(model.requests.map((r) => r.tools?.length ?? 0)).toEqual([1, 1, 0]);
    expect(model.requests[2]!.messages.at(-1)).toEqual({ role: "system", content: MAIN_THREAD_FINAL_ANSWER_INSTRUCTION });
    expect(systemTexts(model.requests[1]!.messages)).not.toContain(MAIN_THREAD_FINAL_ANSWER_INSTRUCTION);
    expect(result).toMatchObject({ text: "Final answer from two searches.", stopReason: "max_iterations", iterations: 3, toolCallCount: 2 });
  });

  it("tells the user how to enable a refused tool, drops it from the run's tools and lets the model go on", async () => {
    const imageGen = fakeTool({ name: "image_gen", shouldUse: false });
    const search = fakeTool({ name: "search" });
    const model = scriptedModel([
      { text: "Let me draw it.", toolCalls: [{ name: "image_gen", arguments: { prompt: "cat" } }] },
      "I can describe the cat instead.",
    ]);
    const events: StreamEvent[] = [];
    const hint = "Image generation is off. Turn it on in Settings → Tools → Image generation.";
    const result = await run({
      provider: model,
      model: "m",
      input: "draw a cat",
      tools: [imageGen, search],
      config: mainThreadConfig({ enableHint: { image_gen: hint } }),
      onEvent: (e) => events.push(e),
    });

    expect(imageGen.calls).toHaveLength(0);
    // The user sees the hint as text, right after the turn that called the tool.
    expect(textOf(events)).toBe(`Let me draw it.\n\n${hint}I can describe the cat instead.`);
    expect(result.text).toContain(hint);
    // The model sees the refusal and a corrective instruction, and is no longer offered the tool.
    const second = model.requests[1]!;
    expect(second.tools?.map((t) => t.name)).toEqual(["search"]);
    expect(second.messages.at(-2)).toMatchObject({ role: "tool", content: [{ toolName: "image_gen", result: "TOOL_NOT_ENABLED", isError: true }] });
    expect(second.messages.at(-1)).toEqual({ role: "system", content: disabledToolsInstruction(["image_gen"]) });
    expect(result.stopReason).toBe("completed");
    expect(result.toolCalls[0]).toMatchObject({ toolName: "image_gen", status: "not_enabled" });
  });

  it("takes the hint from a function, then from the tool, then the default; with stopWhenToolDisabled the run ends there", async () => {
    const withOwnHint: EnableHintTool = { ...fakeTool({ name: "web", shouldUse: false }), enableHint: "Ask your admin to allow web access." };
    const plain = fakeTool({ name: "code", shouldUse: false });
    const special = fakeTool({ name: "voice", shouldUse: false });
    const model = scriptedModel([{ toolCalls: [{ name: "web" }, { name: "code" }, { name: "voice" }] }, "unused"]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [withOwnHint, plain, special],
      config: mainThreadConfig({ stopWhenToolDisabled: true, enableHint: (name) => (name === "voice" ? "Enable voice in the app." : undefined) }),
    });
    expect(model.requests).toHaveLength(1);
    expect(result.stopReason).toBe("tools_disabled");
    expect(result.text).toBe(["Ask your admin to allow web access.", defaultEnableHint("code"), "Enable voice in the app."].join("\n"));
  });

  it("tells the user about a refused tool only once, however often the model calls it", async () => {
    const a = fakeTool({ name: "a", shouldUse: false });
    const b = fakeTool({ name: "b" });
    // Two refused calls in one batch, then a call after the tool was removed (not found), then the answer.
    const model = scriptedModel([{ toolCalls: [{ name: "a" }, { name: "a" }] }, { toolCalls: [{ name: "a" }] }, "ok"]);
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [a, b],
      config: mainThreadConfig({ enableHint: { a: "[enable a]" } }),
      onEvent: (e) => events.push(e),
    });
    expect(textOf(events)).toBe("[enable a]ok");
    expect(model.requests.map((r) => r.tools?.map((t) => t.name) ?? [])).toEqual([["a", "b"], ["b"], ["b"]]);
    expect(result.toolCalls.map((r) => r.status)).toEqual(["not_enabled", "not_enabled", "invalid"]);
    // The hint is kept before the text of the turn that followed it (here a turn with only a call), not in the answer.
    expect(result.messages[2]).toMatchObject({
      role: "assistant",
      content: [
        { type: "text", text: "[enable a]" },
        { type: "tool-call", toolName: "a" },
      ],
    });
    expect(result.text).toBe("ok");
  });

  it("stores every tool call, result and text of the run", async () => {
    const storage = createMemoryStorage();
    const model = scriptedModel([{ text: "Searching.", toolCalls: [{ name: "search", id: "c1" }] }, "Answer."]);
    await run({
      provider: model,
      model: "m",
      input: "q",
      tools: [fakeTool({ name: "search", result: "r" })],
      config: mainThreadConfig(),
      storage,
      conversationId: "conv",
    });
    const stored = await storage.loadMessages("conv");
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(stored[1]!.parts).toMatchObject([
      { type: "text", text: "Searching.", toolCalls: [{ toolCallId: "c1", toolName: "search" }] },
      { type: "tool-results", results: [{ toolCallId: "c1", toolName: "search", result: "r" }] },
      { type: "text", text: "Answer." },
    ]);
  });
});
