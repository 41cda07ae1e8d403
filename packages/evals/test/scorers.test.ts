import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { describe, expect, it } from "vitest";
import {
  answerContains,
  answerMatches,
  exactAnswer,
  matchesValue,
  noToolErrors,
  type ScoredRun,
  scoreRun,
  scorer,
  toolCalled,
  toolSequence,
  withinBudget,
} from "../src/index.js";

/** A run that searches, then fetches twice (the second fetch fails), then answers. */
async function searchRun(): Promise<ScoredRun> {
  const result = await run({
    provider: scriptedModel([
      { toolCalls: [{ id: "s1", name: "search", arguments: { query: "weather in Paris", limit: 3 } }], usage: { inputTokens: 120, outputTokens: 30 } },
      {
        toolCalls: [
          { id: "f1", name: "fetch", arguments: { url: "https://example.com/paris" } },
          { id: "f2", name: "fetch", arguments: { url: "https://example.com/broken" } },
        ],
        usage: { inputTokens: 200, outputTokens: 40 },
      },
      { text: "It is 21 °C and sunny in Paris.", usage: { inputTokens: 300, outputTokens: 12 } },
    ]),
    model: "m",
    input: "Weather in Paris?",
    tools: [
      fakeTool({ name: "search", result: ["paris"] }),
      fakeTool({ name: "fetch", result: (args: { url: string }) => (args.url.endsWith("broken") ? Promise.reject(new Error("404 Not Found")) : "21 °C") }),
    ],
  });
  return { result, durationMs: 1_250 };
}

describe("answer scorers", () => {
  it("exact, contains and regex judge the final answer, each with a reason", async () => {
    const scored = await searchRun();
    expect(await exactAnswer("  It is 21 °C and sunny in Paris. ").score(scored)).toMatchObject({ score: 1, passed: true });
    expect(await exactAnswer("it is 21 °c and sunny in paris.", { ignoreCase: true }).score(scored)).toMatchObject({ passed: true });
    expect(await exactAnswer("It is 22 °C.").score(scored)).toEqual({
      name: 'exact("It is 22 °C.")',
      score: 0,
      passed: false,
      reason: 'the answer is "It is 21 °C and sunny in Paris."',
    });
    expect(await answerContains(["21 °C", "Paris", "rain", "wind"]).score(scored)).toEqual({
      name: 'contains("21 °C", "Paris", "rain", "wind")',
      score: 0.5,
      passed: false,
      reason: 'the answer lacks "rain", "wind"',
    });
    expect(await answerContains("SUNNY", { ignoreCase: true }).score(scored)).toMatchObject({ score: 1, passed: true });
    const global = /\d+ °C/g;
    expect(await answerMatches(global).score(scored)).toMatchObject({ passed: true });
    // A global pattern's lastIndex does not carry over from one run to the next.
    expect(await answerMatches(global).score(scored)).toMatchObject({ passed: true });
    expect(await answerMatches(/snow/).score(scored)).toMatchObject({ score: 0, passed: false, reason: "the answer does not match" });
  });
});

describe("tool scorers", () => {
  it("toolCalled checks that a tool was called, with arguments matching partially, by pattern, predicate or asymmetric matcher", async () => {
    const scored = await searchRun();
    expect(await toolCalled("search").score(scored)).toMatchObject({ passed: true, reason: "search was called" });
    expect(await toolCalled("search", { query: /paris/i }).score(scored)).toMatchObject({ passed: true });
    expect(await toolCalled("search", { query: expect.any(String), limit: (n: number) => n <= 5 }).score(scored)).toMatchObject({ passed: true });
    expect(await toolCalled("search", { query: "weather in Oslo" }).score(scored)).toEqual({
      name: 'toolCalled("search", …)',
      score: 0,
      passed: false,
      reason: 'search was called 1 time(s), never with matching arguments (first: {"query":"weather in Paris","limit":3})',
    });
    expect(await toolCalled("calculator").score(scored)).toMatchObject({ passed: false, reason: "calculator was not called (called: search, fetch)" });
  });

  it("toolSequence follows the order (others allowed between, or none with exact), noToolErrors names each failed call", async () => {
    const scored = await searchRun();
    expect(await toolSequence(["search", "fetch"]).score(scored)).toMatchObject({ score: 1, passed: true });
    expect(await toolSequence(["search", "fetch"], { exact: true }).score(scored)).toMatchObject({
      passed: false,
      reason: "the calls were search → fetch → fetch",
    });
    expect(await toolSequence(["search", "fetch", "fetch"], { exact: true }).score(scored)).toMatchObject({ passed: true });
    expect(await toolSequence(["fetch", "search"]).score(scored)).toMatchObject({ score: 0.5, passed: false });
    expect(await noToolErrors().score(scored)).toEqual({ name: "noToolErrors", score: 2 / 3, passed: false, reason: "fetch (error: 404 Not Found)" });
  });
});

describe("withinBudget", () => {
  it("checks tokens, iterations, latency and cost, naming each budget exceeded with its figure", async () => {
    const scored = await searchRun();
    expect(await withinBudget({ tokens: 702, iterations: 3, latencyMs: 2_000 }).score(scored)).toMatchObject({ passed: true, reason: "within budget" });
    expect(await withinBudget({ tokens: 500, iterations: 2, latencyMs: 1_000 }).score(scored)).toEqual({
      name: "withinBudget(tokens ≤ 500, iterations ≤ 2, latencyMs ≤ 1000)",
      score: 0,
      passed: false,
      reason: "tokens 702 > 500; iterations 3 > 2; latency 1250 ms > 1000 ms",
    });
    // The scripted model has no prices: a cost budget cannot be shown to hold.
    expect(await withinBudget({ costUsd: 1 }).score(scored)).toMatchObject({ passed: false, reason: "cost unknown (a model without prices)" });
    expect(await withinBudget({ latencyMs: 10 }).score({ result: scored.result })).toMatchObject({ passed: false, reason: "latency not measured" });
  });
});

describe("scorer and scoreRun", () => {
  it("turn plain functions into scorers (booleans, scores, reasons, thresholds) and fail a throwing or out-of-range one", async () => {
    const scored = await searchRun();
    const short = scorer("short", ({ result }) => result.text.length < 100);
    const ratio = scorer("ratio", () => 0.7, { threshold: 0.6 });
    const explained = scorer("explained", () => ({ score: 0.2, reason: "too vague" }));
    const broken = scorer("broken", () => {
      throw new Error("no judge");
    });
    const outOfRange = scorer("range", () => 3);
    const { scores, passed } = await scoreRun(scored, [short, ratio, explained, broken, outOfRange]);
    expect(scores).toEqual([
      { name: "short", score: 1, passed: true, reason: "passed" },
      { name: "ratio", score: 0.7, passed: true, reason: "passed" },
      { name: "explained", score: 0.2, passed: false, reason: "too vague" },
      { name: "broken", score: 0, passed: false, reason: "The scorer failed: no judge" },
      { name: "range", score: 0, passed: false, reason: "The scorer gave 3, not a score from 0 to 1." },
    ]);
    expect(passed).toBe(false);
    expect((await scoreRun(scored, [short, ratio])).passed).toBe(true);
  });

  it("matchesValue matches nested objects partially, arrays exactly, and values by equality", () => {
    expect(matchesValue({ a: { b: 1, c: 2 }, d: [1, "x"] }, { a: { b: 1 }, d: [1, /x/] })).toBe(true);
    expect(matchesValue({ d: [1, "x", 3] }, { d: [1, "x"] })).toBe(false);
    expect(matchesValue("1", 1)).toBe(false);
    expect(matchesValue(null, {})).toBe(false);
    expect(matchesValue(Number.NaN, Number.NaN)).toBe(true);
  });
});
