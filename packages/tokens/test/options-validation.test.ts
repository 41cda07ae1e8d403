import { describe, expect, it } from "vitest";
import { ConfigurationError, type Message } from "@baton/core";
import { scriptedModel } from "@baton/testing";
import {
  archiveLargeToolOutputs,
  compactOldTurns,
  compressConsumedToolResults,
  createCalibratedTokenCounter,
  createContextEngine,
  createOpenAITokenCounter,
  custom,
  InMemoryToolArchive,
  slidingWindow,
  summarizeOldTurns,
} from "../src/index.js";
import { charCounter } from "./support/char-counter.js";

/** Calls `fn` and returns the ConfigurationError it throws (fails the test otherwise). */
function configurationError(fn: () => unknown): ConfigurationError {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ConfigurationError);
  const error = thrown as ConfigurationError;
  expect(error.code).toBe("INVALID_CONFIGURATION");
  return error;
}

/** Expects an unknown-key error naming the function, the key and every accepted key. */
function rejectsUnknown(name: string, accepted: readonly string[], fn: () => unknown, key: string): void {
  const error = configurationError(fn);
  expect(error.message).toBe(`${name}(): unknown option "${key}". Accepted options: ${accepted.join(", ")}.`);
  expect(error.details).toMatchObject({ function: name, option: key, accepted });
}

/** Expects a wrong-type error naming the key and what it must be. */
function rejectsType(fn: () => unknown, key: string, expected: string): void {
  const error = configurationError(fn);
  expect(error.message).toContain(`option "${key}" must be ${expected}, got`);
  expect(error.message).toContain("Accepted options: ");
}

const model = scriptedModel(["summary"]);
const message: Message = { role: "user", content: [{ type: "text", text: "hi" }] };
const bad = <T>(value: unknown): T => value as T;

describe("options are checked: unknown keys and wrong types are a ConfigurationError", () => {
  it("slidingWindow", () => {
    rejectsUnknown("slidingWindow", ["maxTurns"], () => slidingWindow(bad({ maxTurn: 2 })), "maxTurn");
    rejectsType(() => slidingWindow({ maxTurns: 0 }), "maxTurns", "a positive integer");
    rejectsType(() => slidingWindow(bad({ maxTurns: "2" })), "maxTurns", "a positive integer");
    expect(configurationError(() => slidingWindow(bad(2))).message).toContain("the options must be an object, got 2");
    expect(slidingWindow({ maxTurns: 2 }).always).toBe(true);
    expect(slidingWindow({ maxTurns: undefined }).always).toBeUndefined();
  });

  it("compactOldTurns", () => {
    const accepted = ["maxTokens", "keepRecentTurns", "minToolResultChars", "minTextChars", "excerptChars"];
    rejectsUnknown("compactOldTurns", accepted, () => compactOldTurns(bad({ preserveRecentTurns: 2 })), "preserveRecentTurns");
    rejectsType(() => compactOldTurns({ keepRecentTurns: -1 }), "keepRecentTurns", "a non-negative integer");
    rejectsType(() => compactOldTurns({ maxTokens: 1.5 }), "maxTokens", "a positive integer");
    expect(() => compactOldTurns({ keepRecentTurns: 0, maxTokens: 10, minToolResultChars: 0, minTextChars: 1, excerptChars: 5 })).not.toThrow();
  });

  it("summarizeOldTurns", () => {
    const accepted = ["provider", "model", "maxTokens", "keepRecentTurns", "maxSummaryTokens", "instructions", "persist", "maxToolResultChars"];
    rejectsUnknown("summarizeOldTurns", accepted, () => summarizeOldTurns(bad({ provider: model, model: "s", summaryModel: "x" })), "summaryModel");
    rejectsType(() => summarizeOldTurns(bad({ provider: {}, model: "s" })), "provider", "a model provider (an object with stream())");
    rejectsType(() => summarizeOldTurns(bad({ provider: model, model: "s", persist: "yes" })), "persist", "a boolean");
    expect(configurationError(() => summarizeOldTurns(bad({ provider: model }))).message).toContain('option "model" is required');
    expect(() => summarizeOldTurns({ provider: model, model: "s", maxTokens: 100, instructions: "short" })).not.toThrow();
  });

  it("archiveLargeToolOutputs", () => {
    const accepted = ["maxTokens", "archive", "previewChars", "keepLatest"];
    rejectsUnknown("archiveLargeToolOutputs", accepted, () => archiveLargeToolOutputs(bad({ maxTokens: 10, store: new InMemoryToolArchive() })), "store");
    rejectsType(() => archiveLargeToolOutputs(bad({ maxTokens: 10, archive: new Map() })), "archive", "a tool archive (an object with put() and get())");
    expect(configurationError(() => archiveLargeToolOutputs(bad({}))).message).toContain('option "maxTokens" is required');
    expect(() => archiveLargeToolOutputs({ maxTokens: 10, archive: new InMemoryToolArchive(), previewChars: 0, keepLatest: false })).not.toThrow();
  });

  it("compressConsumedToolResults", () => {
    rejectsUnknown("compressConsumedToolResults", ["minChars", "always"], () => compressConsumedToolResults(bad({ minChar: 10 })), "minChar");
    rejectsType(() => compressConsumedToolResults(bad({ always: 1 })), "always", "a boolean");
    expect(() => compressConsumedToolResults({ minChars: 0, always: true })).not.toThrow();
  });

  it("custom", () => {
    rejectsUnknown("custom", ["name", "always"], () => custom(() => undefined, bad({ label: "x" })), "label");
    rejectsType(() => custom(() => undefined, bad({ name: 3 })), "name", "a non-empty string");
    expect(configurationError(() => custom(bad("nope"))).message).toContain("custom(): the first argument must be a function");
    expect(custom(() => undefined, { name: "mine", always: true })).toMatchObject({ name: "mine", always: true });
  });

  it("createContextEngine", () => {
    const accepted = ["counter", "strategies", "keepRecentTurns", "alternation", "noticeRole", "tools"];
    rejectsUnknown("createContextEngine", accepted, () => createContextEngine(bad({ counter: charCounter, strategies: [], maxTurns: 3 })), "maxTurns");
    rejectsType(
      () => createContextEngine(bad({ counter: charCounter, strategies: [slidingWindow(), "compact"] })),
      "strategies",
      "a context strategy (an object with apply()) or an array of them",
    );
    rejectsType(() => createContextEngine(bad({ counter: charCounter, strategies: [], noticeRole: "assistant" })), "noticeRole", 'one of "user", "system"');
    rejectsType(() => createContextEngine(bad({ counter: {}, strategies: [] })), "counter", "a token counter (an object with countText() and countMessages())");
    expect(configurationError(() => createContextEngine(bad({ strategies: [] }))).message).toContain('option "counter" is required');
    expect(() =>
      createContextEngine({ counter: charCounter, strategies: slidingWindow(), keepRecentTurns: 2, alternation: true, noticeRole: "system", tools: [] }),
    ).not.toThrow();
  });

  it("createOpenAITokenCounter and its countMessages", () => {
    rejectsUnknown(
      "createOpenAITokenCounter",
      ["model", "tokenizer", "imageDetail"],
      () => createOpenAITokenCounter(bad({ encoding: "o200k_base" })),
      "encoding",
    );
    rejectsType(() => createOpenAITokenCounter(bad({ imageDetail: "auto" })), "imageDetail", 'one of "low", "high"');
    const counter = createOpenAITokenCounter({ model: "gpt-4.1", tokenizer: "gpt-tokenizer", imageDetail: "low" });
    rejectsUnknown("countMessages", ["model", "tools"], () => counter.countMessages([message], bad({ modelId: "gpt-4o" })), "modelId");
    rejectsType(() => counter.countMessages([message], bad({ tools: "none" })), "tools", "an array");
    expect(counter.countMessages([message], { model: "gpt-4o", tools: [] }).tokens).toBeGreaterThan(0);
  });

  it("createCalibratedTokenCounter, its countMessages and calibrate", () => {
    const accepted = ["provider", "base", "ratio", "smoothing", "maxReports"];
    rejectsUnknown("createCalibratedTokenCounter", accepted, () => createCalibratedTokenCounter(bad({ provider: "anthropic", alpha: 0.5 })), "alpha");
    rejectsType(() => createCalibratedTokenCounter(bad({ provider: "mistral" })), "provider", 'one of "anthropic", "google"');
    rejectsType(() => createCalibratedTokenCounter({ provider: "google", ratio: Number.NaN }), "ratio", "a positive finite number");
    rejectsType(() => createCalibratedTokenCounter({ provider: "google", maxReports: 0 }), "maxReports", "a positive integer");
    const counter = createCalibratedTokenCounter({ provider: "anthropic", ratio: 1.2, smoothing: 0.5, maxReports: 2 });
    rejectsUnknown("countMessages", ["model", "tools"], () => counter.countMessages([message], bad({ tool: [] })), "tool");
    rejectsUnknown("calibrate", ["tools"], () => counter.calibrate([message], 10, bad({ model: "claude" })), "model");
    expect(() => counter.calibrate([message], 10, { tools: [] })).not.toThrow();
  });
});
