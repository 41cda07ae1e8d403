import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { structuredOutput } from "../src/index.js";

const answer = (text: string) => run({ provider: scriptedModel([text]), model: "m", input: "Moons?" });

const zodSchema = z.object({ total: z.number(), notes: z.array(z.string()).min(1) });
const jsonSchema = {
  type: "object",
  properties: { total: { type: "number" }, notes: { type: "array", items: { type: "string" }, minItems: 1 } },
  required: ["total", "notes"],
};

describe("structuredOutput", () => {
  it("validates the answer's JSON (fenced or not) against a zod schema, with the problems' paths", async () => {
    expect(await structuredOutput(zodSchema).score({ result: await answer('{"total": 97, "notes": ["mars.md"]}') })).toEqual({
      name: "structuredOutput",
      score: 1,
      passed: true,
      reason: "the output is valid",
    });
    expect(await structuredOutput(zodSchema).score({ result: await answer('Here:\n```json\n{"total": 97, "notes": ["mars.md"]}\n```') })).toMatchObject({
      passed: true,
    });
    const wrong = await structuredOutput(zodSchema).score({ result: await answer('{"total": "97", "notes": []}') });
    expect(wrong.passed).toBe(false);
    expect(wrong.reason).toMatch(/^the output is not valid: total: .+; notes: .+/);
    expect(await structuredOutput(zodSchema).score({ result: await answer("ninety-seven") })).toMatchObject({
      passed: false,
      reason: 'the answer is not JSON: "ninety-seven"',
    });
  });

  it("validates against a JSON Schema with Ajv, and prefers the value structured output parsed", async () => {
    expect(await structuredOutput(jsonSchema).score({ result: await answer('{"total": 97, "notes": ["mars.md"]}') })).toMatchObject({ passed: true });
    expect(await structuredOutput(jsonSchema).score({ result: await answer('{"notes": []}') })).toEqual({
      name: "structuredOutput",
      score: 0,
      passed: false,
      reason: "the output is not valid: (root) must have required property 'total'; /notes must NOT have fewer than 1 items",
    });
    const result = await answer("not JSON at all");
    const parsed = { ...result, custom: { structuredOutput: { status: "valid", repairs: 0, value: { total: 3, notes: ["earth-and-moon.md"] } } } };
    expect(await structuredOutput(jsonSchema).score({ result: parsed })).toMatchObject({ passed: true });
  });
});
