import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ModelRequest } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { afterAll, describe, expect, it } from "vitest";
import {
  type EvalCase,
  type EvalProgress,
  fileResponseCache,
  loadDataset,
  memoryResponseCache,
  passAtK,
  progressPrinter,
  runEval,
  scorer,
  writeEvalResult,
} from "../src/index.js";

const folder = mkdtempSync(join(tmpdir(), "baton-evals-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const CITIES: Record<string, number> = { Paris: 21, Oslo: 4, Lima: 18, Cairo: 35 };

/** A model that looks the asked city's weather up, then answers with the tool's result. */
function weatherModel() {
  return scriptedModel(
    [
      (request: ModelRequest) => {
        const last = request.messages.at(-1)!;
        if (last.role === "user") {
          const text = last.content.map((part) => (part.type === "text" ? part.text : "")).join("");
          const city = Object.keys(CITIES).find((name) => text.includes(name)) ?? "Nowhere";
          return { toolCalls: [{ id: `w-${city}`, name: "weather", arguments: { city } }], usage: { inputTokens: 50, outputTokens: 10 } };
        }
        const result = last.role === "tool" ? last.content[0] : undefined;
        const { city, celsius } = (result?.type === "tool-result" ? result.result : {}) as { city: string; celsius: number };
        return { text: `It is ${celsius} °C in ${city}.`, usage: { inputTokens: 80, outputTokens: 8 } };
      },
    ],
    { repeatLast: true },
  );
}

const weather = fakeTool({ name: "weather", result: ({ city }: { city: string }) => ({ city, celsius: CITIES[city] ?? 0 }) });

const DATASET: EvalCase[] = [
  { id: "paris", input: "Weather in Paris?", expect: { contains: "21 °C", toolCalled: [{ name: "weather", arguments: { city: "Paris" } }] } },
  { id: "oslo", input: "Weather in Oslo?", expect: { answer: "It is 4 °C in Oslo.", noToolErrors: true, budget: { iterations: 2 } } },
  { input: "Weather in Lima?", expect: { matches: "1\\d °C", toolSequence: ["weather"] }, metadata: { tag: "south" } },
  // Expects what the model does not say: fails every attempt.
  { id: "cairo-wrong", input: "Weather in Cairo?", expect: { contains: "30 °C" } },
];

function runCase(input: string, { provider }: { provider: import("@baton/core").ModelProvider }) {
  return run({ provider, model: "m", input, tools: [weather] });
}

describe("runEval", () => {
  it("runs every case repeats times, scores each attempt and reports pass rate, pass@k and totals, with progress", async () => {
    const model = weatherModel();
    const progress: EvalProgress[] = [];
    const result = await runEval({
      dataset: DATASET,
      provider: model,
      run: runCase,
      repeats: 3,
      concurrency: 3,
      scorers: [scorer("answers", ({ result }) => result.text.startsWith("It is"))],
      onProgress: (each) => progress.push(each),
      name: "weather",
    });
    expect(result.cases.map((each) => [each.id, each.passRate, each.passAtK, each.attempts.length])).toEqual([
      ["paris", 1, 1, 3],
      ["oslo", 1, 1, 3],
      ["case-3", 1, 1, 3],
      ["cairo-wrong", 0, 0, 3],
    ]);
    expect(result.cases[2]!.metadata).toEqual({ tag: "south" });
    expect(result.cases[0]!.attempts.map((attempt) => attempt.repeat)).toEqual([0, 1, 2]);
    expect(result.cases[0]!.attempts[0]!.scores.map((score) => score.name)).toEqual(["answers", 'contains("21 °C")', 'toolCalled("weather", …)']);
    const failed = result.cases[3]!.attempts[0]!;
    expect(failed).toMatchObject({ passed: false, text: "It is 35 °C in Cairo.", iterations: 2, toolCalls: 1, inputTokens: 130, outputTokens: 18 });
    expect(failed.scores[1]).toMatchObject({ passed: false, reason: 'the answer lacks "30 °C"' });
    expect(result.summary).toMatchObject({
      cases: 4,
      passedCases: 3,
      passRate: 0.75,
      inputTokens: 12 * 130,
      outputTokens: 12 * 18,
      cachedModelCalls: 0,
      providerModelCalls: 24,
    });
    expect(result.summary.meanScore).toBeCloseTo((1 + 1 + 1 + 0.5) / 4);
    expect(result.name).toBe("weather");
    expect(model.callCount).toBe(24);
    expect(progress).toHaveLength(12);
    expect(progress.map((each) => each.done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(progress.at(-1)).toMatchObject({ total: 12, passed: 9, failed: 3 });
  });

  it("re-running an unchanged eval with its cache calls no model; a changed case calls it for that case alone", async () => {
    const cache = fileResponseCache(join(folder, "cache"));
    const first = weatherModel();
    await runEval({ dataset: DATASET, provider: first, run: runCase, repeats: 2, cache });
    expect(first.callCount).toBe(16);
    expect(readdirSync(join(folder, "cache"))).toHaveLength(16);

    const second = weatherModel();
    const again = await runEval({ dataset: DATASET, provider: second, run: runCase, repeats: 2, cache });
    expect(second.callCount).toBe(0);
    expect(again.summary).toMatchObject({ cachedModelCalls: 16, providerModelCalls: 0, passRate: 0.75 });

    const third = weatherModel();
    const changed = await runEval({
      dataset: [...DATASET.slice(0, 3), { id: "cairo", input: "Weather in Cairo, please?" }],
      provider: third,
      run: runCase,
      repeats: 2,
      cache,
    });
    expect(third.callCount).toBe(4);
    expect(changed.summary).toMatchObject({ cachedModelCalls: 12, providerModelCalls: 4 });
  });

  it("counts a run that throws as a failed attempt with its error, and refuses bad repeats or concurrency", async () => {
    const result = await runEval({
      dataset: [{ id: "boom", input: "x" }],
      provider: weatherModel(),
      run: async () => {
        throw new Error("no agent today");
      },
      cache: memoryResponseCache(),
    });
    expect(result.cases[0]!.attempts[0]).toMatchObject({ passed: false, error: "no agent today", scores: [] });
    expect(result.summary.passRate).toBe(0);
    await expect(runEval({ dataset: [], provider: weatherModel(), run: runCase, repeats: 0 })).rejects.toThrow("repeats must be a whole number ≥ 1 (got 0)");
    await expect(runEval({ dataset: [], provider: weatherModel(), run: runCase, concurrency: 1.5 })).rejects.toThrow(
      "concurrency must be a whole number ≥ 1 (got 1.5)",
    );
  });

  it("writes its result as JSON", async () => {
    const result = await runEval({ dataset: DATASET.slice(0, 1), provider: weatherModel(), run: runCase, cache: false });
    const file = join(folder, "result.json");
    await writeEvalResult(file, result);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(JSON.parse(JSON.stringify(result)));
    expect(result).toMatchObject({ format: "baton-eval-result", version: 1, repeats: 1 });
  });
});

describe("loadDataset", () => {
  it("reads JSON and JSONL datasets and names the case or line that is wrong", async () => {
    writeFileSync(join(folder, "cases.json"), JSON.stringify(DATASET.slice(0, 2)));
    writeFileSync(join(folder, "cases.jsonl"), `${JSON.stringify(DATASET[0])}\n\n${JSON.stringify(DATASET[1])}\n`);
    writeFileSync(join(folder, "bad.jsonl"), `${JSON.stringify(DATASET[0])}\n{oops\n`);
    writeFileSync(join(folder, "no-input.json"), JSON.stringify([{ input: "ok" }, { expect: {} }]));
    writeFileSync(join(folder, "cases.mjs"), `export default ${JSON.stringify(DATASET.slice(0, 1))};`);
    expect(await loadDataset(join(folder, "cases.json"))).toEqual(DATASET.slice(0, 2));
    expect(await loadDataset(join(folder, "cases.jsonl"))).toEqual(DATASET.slice(0, 2));
    expect(await loadDataset(join(folder, "cases.mjs"))).toEqual(DATASET.slice(0, 1));
    await expect(loadDataset(join(folder, "bad.jsonl"))).rejects.toThrow(/bad\.jsonl:2: not JSON/);
    await expect(loadDataset(join(folder, "no-input.json"))).rejects.toThrow("no-input.json: case 2 needs an input text.");
  });
});

describe("passAtK and progressPrinter", () => {
  it("pass@k is the unbiased estimate, 1 with any pass when k is every attempt", () => {
    expect(passAtK(3, 0, 3)).toBe(0);
    expect(passAtK(3, 1, 3)).toBe(1);
    expect(passAtK(5, 2, 1)).toBeCloseTo(0.4);
    expect(passAtK(5, 2, 2)).toBeCloseTo(1 - (3 / 5) * (2 / 4));
    expect(() => passAtK(2, 1, 3)).toThrow(RangeError);
  });

  it("draws a bar in a terminal and writes plain lines in a pipe", () => {
    const written: string[] = [];
    const step = { total: 4, passed: 1, failed: 1, caseId: "paris", repeat: 0, attemptPassed: false };
    progressPrinter({ write: (text) => written.push(text) })({ ...step, done: 2 });
    expect(written).toEqual(["2/4 paris #1 failed\n"]);
    written.length = 0;
    const terminal = progressPrinter({ write: (text) => written.push(text), isTTY: true, columns: 60 });
    terminal({ ...step, done: 2 });
    terminal({ ...step, done: 4, passed: 3 });
    expect(written[0]).toMatch(/^\r\[#+-+\] 2\/4 · 1 passed · 1 failed$/);
    expect(written[1]).toMatch(/^\r\[#+\] 4\/4 · 3 passed · 1 failed\n$/);
  });
});
