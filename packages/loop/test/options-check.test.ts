import { describe, expect, it } from "vitest";
import { ConfigurationError, userMessage, type Message, type Tool } from "@baton/core";
import { expectUnknownOptionRejected, optionsError, scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import {
  resume,
  resumeOptionRules,
  resumeStream,
  run,
  runOptionRules,
  stream,
  validateRunSettings,
  type ResumeOptions,
  type RunOptions,
} from "../src/index.js";

const RUN_KEYS = [
  "provider",
  "model",
  "input",
  "resume",
  "decisions",
  "instructions",
  "tools",
  "config",
  "agentName",
  "runId",
  "signal",
  "toolCallLimit",
  "maxIterations",
  "maxOutputTokens",
  "temperature",
  "toolTimeoutMs",
  "maxConcurrentTools",
  "maxToolErrorLength",
  "tokenBudget",
  "costBudget",
  "tokenCounter",
  "contextEngine",
  "contextLimit",
  "storage",
  "conversationId",
  "userId",
  "claimOwner",
  "onClaim",
  "claimLeaseMs",
  "storageWaitMs",
  "retryableErrorEnds",
  "context",
  "onEvent",
  "sinks",
  "streamHighWaterMark",
  "maxDepth",
  "logger",
];
const RESUME_KEYS = RUN_KEYS.filter((key) => key !== "input" && key !== "resume");

const bad = <T>(value: unknown): T => value as T;
const base = (): RunOptions => ({ provider: scriptedModel(["ok"]), model: "m", input: "hi" });
const resumeBase = (): ResumeOptions => ({ provider: scriptedModel(["ok"]), model: "m", storage: createMemoryStorage(), runId: "run-1" });

describe("run options are checked: unknown keys and wrong types are a ConfigurationError", () => {
  it("the rules cover every key, in the order of the options' interfaces", () => {
    expect(Object.keys(runOptionRules)).toEqual(RUN_KEYS);
    expect(Object.keys(resumeOptionRules)).toEqual(RESUME_KEYS);
  });

  it("run()", async () => {
    const model = scriptedModel(["unreached"]);
    await expectUnknownOptionRejected("run", "maxIteration", RUN_KEYS, () => run(bad({ provider: model, model: "m", input: "hi", maxIteration: 3 })));
    expect((await optionsError(() => run(bad({ ...base(), temperature: "hot" })))).message).toContain(
      'run(): option "temperature" must be a finite number, got "hot".',
    );
    expect((await optionsError(() => run(bad({ ...base(), onEvent: "log" })))).message).toContain('option "onEvent" must be a function');
    expect((await optionsError(() => run(bad({ ...base(), maxIterations: "3" })))).message).toContain('option "maxIterations" must be a number');
    expect((await optionsError(() => run(bad(undefined)))).message).toContain('run(): options are missing; required options are "provider", "model".');
    expect(model.callCount).toBe(0);
    // The ranges keep their own messages.
    await expect(run({ ...base(), maxIterations: 0 })).rejects.toThrow('Option "maxIterations" must be a positive integer, got 0.');
    const result = await run({
      ...base(),
      maxIterations: 3,
      temperature: 0.2,
      context: { tenant: "t" },
      onEvent: () => undefined,
      signal: new AbortController().signal,
    });
    expect(result.text).toBe("ok");
  });

  it("stream(): the result rejects with the error", async () => {
    const running = stream(bad({ ...base(), highWaterMark: 5 }));
    await expectUnknownOptionRejected("stream", "highWaterMark", RUN_KEYS, () => running.result);
    expect((await optionsError(() => stream(bad({ ...base(), sinks: {} })).result)).message).toContain(
      'stream(): option "sinks" must be an array, got an object.',
    );
    const ok = stream({ ...base(), streamHighWaterMark: 8 });
    const types: string[] = [];
    for await (const event of ok) types.push(event.type);
    expect((await ok.result).text).toBe("ok");
    expect(types.at(-1)).toBe("run-end");
  });

  it("resume() and resumeStream()", async () => {
    await expectUnknownOptionRejected("resume", "input", RESUME_KEYS, () => resume(bad({ ...resumeBase(), input: "hi" })));
    await expectUnknownOptionRejected("resumeStream", "runid", RESUME_KEYS, () => resumeStream(bad({ ...resumeBase(), runid: "x" })).result);
    expect((await optionsError(() => resume(bad({ ...resumeBase(), runId: 42 })))).message).toContain(
      'resume(): option "runId" must be a non-empty string, got 42.',
    );
    expect((await optionsError(() => resume(bad({ provider: scriptedModel([]), model: "m", runId: "r" })))).message).toContain(
      'resume(): option "storage" is required',
    );
    // A valid call is accepted: an unknown run ends with RUN_NOT_RESUMABLE, not a ConfigurationError.
    const result = await resume({ ...resumeBase(), maxIterations: 2 });
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatchObject({ code: "RUN_NOT_RESUMABLE" });
    const streamed = resumeStream(resumeBase());
    for await (const _event of streamed) void _event;
    expect((await streamed.result).error).toMatchObject({ code: "RUN_NOT_RESUMABLE" });
  });
});

describe("counts are integers; milliseconds and dollars are any positive number", () => {
  const POSITIVE_COUNTS = [
    "maxIterations",
    "maxOutputTokens",
    "maxConcurrentTools",
    "maxToolErrorLength",
    "tokenBudget",
    "contextLimit",
    "streamHighWaterMark",
  ];
  const COUNTS_FROM_ZERO = ["toolCallLimit", "maxDepth"];

  it.each(POSITIVE_COUNTS)("%s: 1.5, 0 and -1 are refused; 1 is accepted", async (name) => {
    for (const value of [1.5, 0, -1, Number.NaN]) {
      await expect(run({ ...base(), [name]: value })).rejects.toThrow(`Option "${name}" must be a positive integer, got ${value}.`);
    }
    expect(() => validateRunSettings({ [name]: 2.5 })).toThrow(ConfigurationError);
    expect(() => validateRunSettings({ [name]: 1 })).not.toThrow();
  });

  it.each(COUNTS_FROM_ZERO)("%s: 0.5 and -1 are refused; 0 is accepted", async (name) => {
    for (const value of [0.5, -1]) {
      await expect(run({ ...base(), [name]: value })).rejects.toThrow(`Option "${name}" must be a non-negative integer, got ${value}.`);
    }
    expect(() => validateRunSettings({ [name]: 0 })).not.toThrow();
  });

  it("a config's toolCallLimit is a count too", async () => {
    await expect(run({ ...base(), config: { toolCallLimit: 2.5 } })).rejects.toThrow('Option "toolCallLimit" must be a non-negative integer, got 2.5.');
  });

  it("maxConcurrentTools: 1.5 fails before any model call", async () => {
    const model = scriptedModel(["unreached"]);
    await expect(run({ provider: model, model: "m", input: "hi", maxConcurrentTools: 1.5 })).rejects.toThrow(ConfigurationError);
    expect(model.callCount).toBe(0);
  });

  it("toolTimeoutMs, claimLeaseMs, storageWaitMs and costBudget take fractions", () => {
    expect(() => validateRunSettings({ toolTimeoutMs: 0.5, claimLeaseMs: 1500.5, storageWaitMs: 2.25, costBudget: 0.01 })).not.toThrow();
    expect(() => validateRunSettings({ claimLeaseMs: 0 })).toThrow('Option "claimLeaseMs" must be a positive number, got 0.');
  });
});

describe("input messages are checked when the run starts", () => {
  /** The ConfigurationError a run with `input` rejects with, and that no model call was made. */
  async function inputError(input: unknown): Promise<ConfigurationError> {
    const model = scriptedModel(["unreached"]);
    const error = await optionsError(() => run(bad({ provider: model, model: "m", input })));
    expect(model.callCount).toBe(0);
    return error;
  }

  it("a user message without content names the message and what it must hold", async () => {
    const error = await inputError([{ role: "user" }]);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.code).toBe("INVALID_CONFIGURATION");
    expect(error.message).toBe(
      'Option "input": message 0 (role "user"): content must be an array of parts such as { type: "text", text } (userMessage(text) builds such a message), got nothing.',
    );
    expect(error.details).toEqual({ option: "input", index: 0 });
  });

  it("an unknown or missing role", async () => {
    expect((await inputError([userMessage("hi"), { role: "bot", content: [] }])).message).toBe(
      'Option "input": message 1: role must be "system", "user", "assistant" or "tool", got "bot".',
    );
    expect((await inputError([{ content: "hi" }])).message).toContain("message 0: role must be");
  });

  it("a message that is not an object, content of the wrong kind, and parts without a string type", async () => {
    expect((await inputError(["hi"])).message).toBe('Option "input": message 0 must be an object with a role and content, got "hi".');
    expect((await inputError([null])).message).toContain("message 0 must be an object with a role and content, got null.");
    expect((await inputError([{ role: "user", content: "hi" }])).message).toContain('message 0 (role "user"): content must be an array of parts');
    expect((await inputError([{ role: "system", content: [{ type: "text", text: "x" }] }])).message).toBe(
      'Option "input": message 0 (role "system"): content must be a string, got an array.',
    );
    expect((await inputError([userMessage("a"), { role: "assistant", content: [{ text: "x" }] }])).message).toBe(
      'Option "input": message 1 (role "assistant"): content[0] must be a part (an object with a string "type"), got an object.',
    );
    expect((await inputError([{ role: "tool", content: [null] }])).message).toContain('message 0 (role "tool"): content[0] must be a part');
  });

  it("stream() rejects its result with the same error", async () => {
    const running = stream(bad({ ...base(), input: [{ role: "user" }] }));
    await expect(running.result).rejects.toThrow('Option "input": message 0 (role "user"): content must be');
  });

  it("accepts every role in its shape", async () => {
    const input: Message[] = [
      { role: "system", content: "Be brief." },
      userMessage("What is 2 + 2?"),
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "add", arguments: { a: 2, b: 2 } }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "add", result: 4 }] },
      { role: "assistant", content: [{ type: "text", text: "4" }] },
      userMessage("Thanks."),
    ];
    expect((await run({ ...base(), input })).text).toBe("ok");
  });
});

describe("tools are checked when the run starts", () => {
  const search: Tool = { name: "search", description: "Searches.", parameters: { type: "object", properties: {} }, execute: () => "found" };

  it("a tool without execute, or whose name is not a string, is a ConfigurationError naming it, before any model call", async () => {
    const model = scriptedModel(["unreached"]);
    const { execute: _execute, ...noExecute } = search;
    const refused = await optionsError(() => run(bad({ provider: model, model: "m", input: "hi", tools: [noExecute] })));
    expect(refused.message).toBe('Tool "search" has no execute function: a tool needs execute(args, context) to be called.');
    expect(refused.details).toEqual({ toolName: "search" });
    expect((await optionsError(() => run(bad({ ...base(), tools: [{ ...search, name: 7 }] })))).message).toBe("A tool's name must be a string, got a number.");
    expect((await optionsError(() => run(bad({ ...base(), tools: [null] })))).message).toBe(
      "A tool must be an object with a name and an execute function, got null.",
    );
    // A registry's tools too.
    const registry = { list: () => [noExecute], get: () => undefined };
    expect((await optionsError(() => run(bad({ ...base(), tools: registry })))).message).toContain('Tool "search" has no execute function');
    expect(model.callCount).toBe(0);
  });

  it("a hook that registers a tool without execute ends the run with the error", async () => {
    const { execute: _execute, ...noExecute } = search;
    const result = await run({
      ...base(),
      tools: [search],
      config: { prepareStep: ({ context }) => void context.registry.register(noExecute as unknown as Tool) },
    });
    expect(result.stopReason).toBe("error");
    expect(result.error?.message).toContain('Tool "search" has no execute function');
  });
});
