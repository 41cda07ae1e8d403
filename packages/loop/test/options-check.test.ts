import { describe, expect, it } from "vitest";
import { expectUnknownOptionRejected, optionsError, scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import { resume, resumeOptionRules, resumeStream, run, runOptionRules, stream, type ResumeOptions, type RunOptions } from "../src/index.js";

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
    await expect(run({ ...base(), maxIterations: 0 })).rejects.toThrow('Option "maxIterations" must be a positive number, got 0.');
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
