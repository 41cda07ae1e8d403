/**
 * Property-based fuzzing of the loop: random model turns (text, tool calls with bad
 * JSON, unknown tools, huge and nested arguments, empty turns, errors before and in the
 * middle of a stream, random finish reasons, usage that is not a number), random tool
 * outcomes (results that are not JSON, throws, slow tools) and random abort points.
 * `FUZZ_RUNS` sets the number of runs (default 1,500 per CI run; `bench/fuzz.mjs` runs
 * many more); fast-check prints the seed and the shrunk case of a failure.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toModelMessages } from "@baton/core/storage-kit";
import {
  ProviderError,
  type FinishReason,
  type Message,
  type ModelProvider,
  type ModelStreamPart,
  type RunResult,
  type StopReason,
  type TokenUsage,
  type Tool,
} from "@baton/core";
import { createMemoryStorage } from "@baton/storage-memory";
import { run } from "../src/index.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);

const STOP_REASONS: ReadonlySet<StopReason> = new Set([
  "completed",
  "tool_call_limit",
  "max_iterations",
  "token_budget",
  "aborted",
  "error",
  "ended_by_hook",
  "tools_disabled",
  "interrupted",
  "loop_detected",
  "budget_exceeded",
]);

type Call = { readonly name: string; readonly rawArguments: string };
type Turn =
  | { readonly kind: "text"; readonly text: string; readonly finish: FinishReason; readonly usage: TokenUsage }
  | { readonly kind: "tools"; readonly text: string; readonly calls: readonly Call[]; readonly finish: FinishReason; readonly usage: TokenUsage }
  | { readonly kind: "empty"; readonly finish: FinishReason }
  | { readonly kind: "error-before" }
  | { readonly kind: "error-mid"; readonly text: string };

const count = fc.oneof(fc.nat({ max: 500 }), fc.constant(Number.NaN), fc.constant(-3), fc.constant(Number.POSITIVE_INFINITY));
const usage: fc.Arbitrary<TokenUsage> = fc.record({ inputTokens: count, outputTokens: count, cachedInputTokens: count, reasoningTokens: count });
const finish = fc.constantFrom<FinishReason>("stop", "tool_calls", "length", "content_filter", "error", "other");

/** Arguments: a JSON object, text that is not JSON, a huge string, deep nesting, or nothing. */
const rawArguments = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 20 }),
  fc.constant('{"q": '),
  fc.constant(JSON.stringify({ big: "x".repeat(20_000) })),
  fc.nat({ max: 200 }).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
  fc.constant(""),
);

const call: fc.Arbitrary<Call> = fc.record({ name: fc.constantFrom("ok", "slow", "throws", "not_json", "unknown_tool", "ok"), rawArguments });

const turn: fc.Arbitrary<Turn> = fc.oneof(
  fc.record({ kind: fc.constant("text" as const), text: fc.string({ maxLength: 30 }), finish, usage }),
  fc.record({ kind: fc.constant("tools" as const), text: fc.string({ maxLength: 10 }), calls: fc.array(call, { minLength: 1, maxLength: 4 }), finish, usage }),
  fc.record({ kind: fc.constant("empty" as const), finish }),
  fc.constant({ kind: "error-before" as const }),
  fc.record({ kind: fc.constant("error-mid" as const), text: fc.string({ minLength: 1, maxLength: 10 }) }),
);

/** A provider that plays the turns in order, then answers "end". */
function fuzzModel(turns: readonly Turn[]): ModelProvider {
  let next = 0;
  return {
    id: "fuzz",
    async *stream(): AsyncIterable<ModelStreamPart> {
      const current = turns[next++];
      if (!current) {
        yield { type: "text-delta", text: "end" };
        yield { type: "finish", reason: "stop" };
        return;
      }
      switch (current.kind) {
        case "error-before":
          throw new ProviderError("the provider failed");
        case "error-mid":
          yield { type: "text-delta", text: current.text };
          throw new ProviderError("the stream broke");
        case "empty":
          yield { type: "finish", reason: current.finish };
          return;
        case "text":
          if (current.text.length > 0) yield { type: "text-delta", text: current.text };
          yield { type: "usage", usage: current.usage };
          yield { type: "finish", reason: current.finish };
          return;
        case "tools":
          if (current.text.length > 0) yield { type: "text-delta", text: current.text };
          for (const [index, planned] of current.calls.entries()) {
            // Ids repeat on purpose (index only): the loop makes them unique.
            yield { type: "tool-call-delta", index, id: `call_${index}`, name: planned.name, argumentsDelta: planned.rawArguments };
          }
          yield { type: "usage", usage: current.usage };
          yield { type: "finish", reason: current.finish };
      }
    },
  };
}

const schema = { type: "object", properties: {}, additionalProperties: true } as const;
function tools(): Tool[] {
  return [
    { name: "ok", description: "Answers.", parameters: schema, execute: () => ({ n: 1 }) },
    {
      name: "slow",
      description: "Waits.",
      parameters: schema,
      execute: (_args, ctx) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => resolve("slow done"), 2);
          ctx.signal.addEventListener("abort", () => (clearTimeout(timer), reject(new Error("stopped"))), { once: true });
        }),
    },
    {
      name: "throws",
      description: "Fails.",
      parameters: schema,
      execute: () => {
        throw new Error("tool failure");
      },
    },
    { name: "not_json", description: "Returns a BigInt.", parameters: schema, execute: () => ({ total: 10n }) },
  ];
}

/** A memory storage whose every write fails (a database that went away). */
function failingStorage(): ReturnType<typeof createMemoryStorage> {
  const storage = createMemoryStorage();
  for (const name of ["appendMessages", "saveCheckpoint", "recordUsage", "claimRun", "saveSummary", "archiveToolOutput"] as const) {
    (storage as unknown as Record<string, unknown>)[name] = async () => {
      throw new Error("storage is down");
    };
  }
  return storage;
}

/** Every property a run must have, whatever its model, tools and abort did. */
function checkRun(result: RunResult, maxIterations: number): void {
  expect(STOP_REASONS.has(result.stopReason)).toBe(true);
  expect(result.iterations).toBeLessThanOrEqual(maxIterations);
  // Usage totals are finite and equal the sum of the calls.
  const calls = result.usage.calls;
  for (const key of ["inputTokens", "outputTokens", "cachedInputTokens", "reasoningTokens"] as const) {
    const sum = calls.reduce((total, record) => total + record[key], 0);
    expect(Number.isFinite(result.usage.total[key])).toBe(true);
    expect(result.usage.total[key]).toBe(sum);
  }
  expect(result.usage.total.calls).toBe(calls.length);
  // Tool-call ids are unique, and every call the conversation keeps has exactly one result.
  const ids = result.toolCalls.map((record) => record.toolCallId);
  expect(new Set(ids).size).toBe(ids.length);
  // A run stopped mid-batch (aborted, or its storage did not answer within storageWaitMs, as happens to a
  // process the machine leaves waiting for the CPU longer than that) may hold calls without results; resume() ends them.
  if (stoppedByStorage(result)) expect(result.persisted).toBe(false);
  else if (result.stopReason !== "aborted") pairsEveryCall(result.messages);
  // Everything a consumer, a store or a provider gets can be written as JSON.
  expect(() => JSON.stringify(result.state)).not.toThrow();
  expect(() => JSON.stringify(result.messages)).not.toThrow();
}

/** Whether the run stopped because its storage did not answer in time (the attempt ends, resumable). */
function stoppedByStorage(result: RunResult): boolean {
  return result.stopReason === "error" && result.error?.code === "STORAGE_UNAVAILABLE";
}

function pairsEveryCall(messages: readonly Message[]): void {
  const results = new Map<string, number>();
  for (const message of messages)
    if (message.role === "tool") for (const part of message.content) results.set(part.toolCallId, (results.get(part.toolCallId) ?? 0) + 1);
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const part of message.content) if (part.type === "tool-call") expect(results.get(part.toolCallId), `result of ${part.toolCallId}`).toBe(1);
  }
}

describe("fuzzed runs (fast-check)", () => {
  it(
    `${RUNS} random runs end with a stop reason inside their limits, with consistent usage, paired calls and JSON-safe state`,
    async () => {
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
      process.on("unhandledRejection", onUnhandled);
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.array(turn, { maxLength: 6 }),
            fc.integer({ min: 1, max: 6 }),
            fc.integer({ min: 1, max: 5 }),
            fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
            fc.boolean(),
            fc.constantFrom("none", "memory", "failing"),
            async (turns, maxIterations, toolCallLimit, abortAfterMs, parallel, storageKind) => {
              const controller = new AbortController();
              const timer = abortAfterMs === undefined ? undefined : setTimeout(() => controller.abort(), abortAfterMs);
              const storage = storageKind === "none" ? undefined : storageKind === "memory" ? createMemoryStorage() : failingStorage();
              try {
                const result = await run({
                  provider: fuzzModel(turns),
                  model: "m",
                  input: "go",
                  tools: tools(),
                  maxIterations,
                  toolCallLimit,
                  config: { useParallelTools: parallel },
                  signal: controller.signal,
                  ...(storage ? { storage, conversationId: "c", storageWaitMs: 50 } : {}),
                });
                checkRun(result, maxIterations);
                if (storage && storageKind === "failing") expect(result.persisted).toBe(false);
                if (storage && result.persisted && result.stopReason !== "aborted") {
                  // The stored conversation is the one returned: the input, then the run's turns.
                  const stored = await storage.loadMessages("c");
                  expect(toModelMessages(stored.slice(1))).toEqual(result.messages);
                }
              } finally {
                if (timer) clearTimeout(timer);
              }
            },
          ),
          { numRuns: RUNS },
        );
        // Let late rejections of abandoned work surface before checking.
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(unhandled).toEqual([]);
      } finally {
        process.off("unhandledRejection", onUnhandled);
      }
    },
    Math.max(300_000, RUNS * 10),
  );
});
