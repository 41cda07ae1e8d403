import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigurationError, composeConfigs, type StreamEvent } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { outputOf, parseJsonAnswer, STRUCTURED_OUTPUT_STATE_KEY, structuredOutput, structuredOutputInstructions } from "../../src/structured-output/index.js";

const City = z.object({ city: z.string(), population: z.number().int().positive() });

function text(message: unknown): string {
  return JSON.stringify(message);
}

describe("parseJsonAnswer", () => {
  it("reads plain JSON, a ```json fence and a bare fence, and explains bad JSON", () => {
    expect(parseJsonAnswer(' {"a":1} ')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonAnswer('Here it is:\n```json\n{"a": [1, 2]}\n```\nDone.')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseJsonAnswer('```\n"x"\n```')).toEqual({ ok: true, value: "x" });
    const bad = parseJsonAnswer("{a:1}");
    expect(bad.ok).toBe(false);
    expect(parseJsonAnswer("   ")).toEqual({ ok: false, message: "The answer is empty; a JSON value was expected." });
  });
});

describe("structured output", () => {
  it("accepts a valid first answer and exposes the parsed value", async () => {
    const model = scriptedModel(['```json\n{"city": "Lyon", "population": 522000}\n```']);
    const result = await run({ provider: model, model: "m", input: "Which city?", instructions: "Be exact.", config: structuredOutput(City) });

    expect(result.stopReason).toBe("completed");
    expect(model.callCount).toBe(1);
    const answer = outputOf(result, City);
    expect(answer).toEqual({ city: "Lyon", population: 522000 });
    expect(result.custom[STRUCTURED_OUTPUT_STATE_KEY]).toMatchObject({ status: "valid", repairs: 0 });
    // The schema went into the system prompt, after the run's instructions.
    const system = model.requests[0]!.messages[0]!;
    expect(system.role).toBe("system");
    expect(system.role === "system" && system.content.startsWith("Be exact.\n\n")).toBe(true);
    expect(text(system)).toContain('\\"population\\"');
    expect(model.requests[0]!.messages.filter((m) => m.role === "system")).toHaveLength(1);
  });

  it("adds a system message when the run has no instructions, and none with addInstructions: false", async () => {
    const first = scriptedModel(['{"city":"Oslo","population":1}']);
    await run({ provider: first, model: "m", input: "x", config: structuredOutput(City) });
    expect(first.requests[0]!.messages[0]).toEqual({ role: "system", content: structuredOutputInstructions(City) });

    const second = scriptedModel(['{"city":"Oslo","population":1}']);
    const result = await run({ provider: second, model: "m", input: "x", config: structuredOutput(City, { addInstructions: false }) });
    expect(second.requests[0]!.messages.map((m) => m.role)).toEqual(["user"]);
    expect(outputOf(result, City)).toEqual({ city: "Oslo", population: 1 });
  });

  it("gives one repair turn with the validation errors, then accepts the repaired answer", async () => {
    const model = scriptedModel(['{"city": "Lyon", "population": -3}', '{"city": "Lyon", "population": 522000}']);
    const result = await run({ provider: model, model: "m", input: "x", config: structuredOutput(City) });

    expect(result.stopReason).toBe("completed");
    expect(model.callCount).toBe(2);
    expect(outputOf(result, City)).toEqual({ city: "Lyon", population: 522000 });
    expect(result.custom[STRUCTURED_OUTPUT_STATE_KEY]).toMatchObject({ status: "valid", repairs: 1 });
    const repair = model.requests[1]!.messages.at(-1)!;
    expect(repair.role).toBe("user");
    expect(text(repair)).toContain("- population: ");
    expect(text(repair)).toContain("does not match the required output schema");
    // The invalid answer precedes the repair request.
    expect(model.requests[1]!.messages.at(-2)).toMatchObject({ role: "assistant" });
    expect(result.text).toBe('{"city": "Lyon", "population": 522000}');
  });

  it("ends with a typed error when the repaired answer is still invalid", async () => {
    const model = scriptedModel(["not json at all", '{"city": 5}', "never"]);
    const events: StreamEvent[] = [];
    const result = await run({ provider: model, model: "m", input: "x", config: structuredOutput(City), onEvent: (e) => void events.push(e) });

    expect(model.callCount).toBe(2);
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatchObject({ name: "StructuredOutputError", code: "STRUCTURED_OUTPUT_INVALID", details: { repairs: 1 } });
    const issues = (result.error!.details as { issues: { path: string; message: string }[] }).issues;
    expect(issues.map((i) => i.path).sort()).toEqual(["city", "population"]);
    expect(text(model.requests[1]!.messages.at(-1))).toContain("not valid JSON");
    expect(outputOf(result)).toBeUndefined();
    expect(result.custom[STRUCTURED_OUTPUT_STATE_KEY]).toMatchObject({ status: "invalid", repairs: 1 });
    // A stop decided by a hook, not a failure of the loop: the error comes with run-end.
    expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "error", error: { code: "STRUCTURED_OUTPUT_INVALID" } });
  });

  it("allows more repairs when configured, with a custom repair text", async () => {
    const model = scriptedModel(["1", "2", '{"city":"Rome","population":3}']);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      config: structuredOutput(City, { maxRepairs: 2, repairText: (issues) => `fix ${issues.length}` }),
    });
    expect(result.stopReason).toBe("completed");
    expect(model.requests.slice(1).map((r) => r.messages.at(-1))).toEqual([
      { role: "user", content: [{ type: "text", text: "fix 1" }] },
      { role: "user", content: [{ type: "text", text: "fix 1" }] },
    ]);
    expect(outputOf(result, City)).toEqual({ city: "Rome", population: 3 });
  });

  it("checks only the final answer: tool turns and turns a config composed before it continues are not checked", async () => {
    const tool = fakeTool({ name: "lookup", result: "Lyon has 522000 people" });
    const model = scriptedModel([{ toolCalls: [{ name: "lookup", arguments: {} }] }, "thinking out loud", '{"city":"Lyon","population":522000}']);
    let asked = 0;
    const config = composeConfigs({ shouldStop: ({ answered }) => (answered && ++asked === 1 ? false : undefined) }, structuredOutput(City));
    const result = await run({ provider: model, model: "m", input: "x", tools: [tool], config });
    expect(result.stopReason).toBe("completed");
    expect(model.callCount).toBe(3);
    expect(result.custom[STRUCTURED_OUTPUT_STATE_KEY]).toMatchObject({ status: "valid", repairs: 0 });
    expect(outputOf(result, City)?.city).toBe("Lyon");
  });

  it("works for a sub-agent: the nested result carries its own output", async () => {
    const extract = {
      name: "extract",
      description: "Extracts the city.",
      parameters: { type: "object", properties: {} },
      execute: async (_args: unknown, ctx: import("@baton/core").ToolExecutionContext) => {
        const nested = await ctx.runSubAgent({ name: "extractor", input: "extract", config: structuredOutput(City) });
        return outputOf(nested, City);
      },
    };
    const model = scriptedModel([{ toolCalls: [{ name: "extract", arguments: {} }] }, '{"city":"Bern","population":134000}', "The city is Bern."]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [extract] });
    expect(result.stopReason).toBe("completed");
    expect(result.toolCalls[0]!.result).toEqual({ city: "Bern", population: 134000 });
    // The parent has no structured output of its own.
    expect(outputOf(result)).toBeUndefined();
  });

  it("adds the instruction to every call once, never to the run's state, also after a resume in another process", async () => {
    const Answer = z.object({ city: z.string() });
    const instruction = structuredOutputInstructions(Answer);
    const ask = {
      name: "ask",
      description: "Asks the user.",
      parameters: { type: "object", properties: {} },
      execute: async (_args: unknown, ctx: import("@baton/core").ToolExecutionContext) => ctx.askUser<string>("Which city?"),
    };
    const first = scriptedModel([{ toolCalls: [{ id: "q1", name: "ask", arguments: {} }] }]);
    const paused = await run({ provider: first, model: "m", input: "x", instructions: "Be exact.", tools: [ask], config: structuredOutput(Answer) });
    expect(paused.stopReason).toBe("interrupted");
    expect(first.requests[0]!.messages[0]).toEqual({ role: "system", content: `Be exact.\n\n${instruction}` });
    expect(JSON.stringify(paused.state)).not.toContain("matches this JSON Schema");

    const second = scriptedModel(['{"city":"Oslo"}']);
    const result = await run({
      provider: second,
      model: "m",
      instructions: "Be exact.",
      tools: [ask],
      config: structuredOutput(Answer),
      resume: JSON.stringify(paused.state),
      decisions: { q1: { answer: "Oslo" } },
    });
    expect(result.stopReason).toBe("completed");
    expect(second.requests[0]!.messages.filter((m) => m.role === "system")).toEqual([{ role: "system", content: `Be exact.\n\n${instruction}` }]);
    expect(outputOf(result, Answer)).toEqual({ city: "Oslo" });
    expect(JSON.stringify(result.state)).not.toContain("matches this JSON Schema");
  });

  it("rejects a negative repair count", () => {
    expect(() => structuredOutput(City, { maxRepairs: -1 })).toThrow(ConfigurationError);
  });
});
