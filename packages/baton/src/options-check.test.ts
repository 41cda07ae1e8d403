import { describe, expect, it } from "vitest";
import { expectUnknownOptionRejected, optionsError, scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import { createAgent, type CreateAgentOptions } from "./index.js";

const bad = <T>(value: unknown): T => value as T;
const messageOf = async (fn: () => unknown): Promise<string> => (await optionsError(fn)).message;

const CREATE_AGENT = [
  "name",
  "provider",
  "model",
  "instructions",
  "tools",
  "config",
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
  "userId",
  "claimOwner",
  "onClaim",
  "claimLeaseMs",
  "storageWaitMs",
  "retryableErrorEnds",
  "sinks",
  "streamHighWaterMark",
  "maxDepth",
  "logger",
  "toolPreset",
  "allowedTools",
  "disallowedTools",
];
const RUN = [
  "signal",
  "runId",
  "onEvent",
  "sinks",
  "streamHighWaterMark",
  "conversationId",
  "userId",
  "context",
  "toolCallLimit",
  "retryableErrorEnds",
  "onClaim",
];
const CONTINUE = ["signal", "onEvent", "sinks", "streamHighWaterMark", "context", "toolCallLimit", "retryableErrorEnds", "onClaim"];
const RESUME = [...CONTINUE, "decisions"];

const options = (): CreateAgentOptions => ({ provider: scriptedModel(["ok"], { loop: true }), model: "m" });

describe("agent options are checked: unknown keys and wrong types are a ConfigurationError", () => {
  it("createAgent()", async () => {
    await expectUnknownOptionRejected("createAgent", "agentName", CREATE_AGENT, () => createAgent(bad({ ...options(), agentName: "a" })));
    await expectUnknownOptionRejected("createAgent", "input", CREATE_AGENT, () => createAgent(bad({ ...options(), input: "hi" })));
    expect(await messageOf(() => createAgent(bad({ ...options(), instructions: 5 })))).toContain(
      'createAgent(): option "instructions" must be a string, got 5.',
    );
    expect(await messageOf(() => createAgent(bad({ ...options(), allowedTools: "grep" })))).toContain("allowedTools");
    const agent = createAgent({ ...options(), name: "helper", instructions: "Be brief.", maxIterations: 3, temperature: 0, userId: "u" });
    expect((await agent.run("hi")).text).toBe("ok");
  });

  it("agent.run() and agent.stream()", async () => {
    const agent = createAgent(options());
    await expectUnknownOptionRejected("agent.run", "runid", RUN, () => agent.run("hi", bad({ runid: "r" })));
    await expectUnknownOptionRejected("agent.run", "maxIterations", RUN, () => agent.run("hi", bad({ maxIterations: 2 })));
    expect(await messageOf(() => agent.run("hi", bad({ onEvent: "log" })))).toContain('agent.run(): option "onEvent" must be a function, got "log".');
    expect((await agent.run("hi", { runId: "r-1", context: { tenant: "t" }, toolCallLimit: 5 })).runId).toBe("r-1");

    await expectUnknownOptionRejected("agent.stream", "highWaterMark", RUN, () => agent.stream("hi", bad({ highWaterMark: 2 })));
    expect(await messageOf(() => agent.stream("hi", bad({ sinks: "hub" })))).toContain('agent.stream(): option "sinks" must be an array, got "hub".');
    const running = agent.stream("hi", { streamHighWaterMark: 4 });
    for await (const _event of running) void _event;
    expect((await running.result).text).toBe("ok");
  });

  it("agent.continue(), agent.continueStream() and agent.resume()", async () => {
    const storage = createMemoryStorage();
    const agent = createAgent({ ...options(), storage });
    const done = await agent.run("hi", { runId: "r-2" });
    await expectUnknownOptionRejected("agent.continue", "runId", CONTINUE, () => agent.continue(done.state!, undefined, bad({ runId: "x" })));
    expect(await messageOf(() => agent.continue(done.state!, undefined, bad({ context: "t" })))).toContain(
      'agent.continue(): option "context" must be an object, got "t".',
    );
    await expectUnknownOptionRejected("agent.continueStream", "decisions", CONTINUE, () =>
      agent.continueStream(done.state!, undefined, bad({ decisions: {} })),
    );
    expect(await messageOf(() => agent.continueStream(done.state!, undefined, bad({ toolCallLimit: "3" })))).toContain(
      'option "toolCallLimit" must be a number, got "3".',
    );

    await expectUnknownOptionRejected("agent.resume", "input", RESUME, () => agent.resume("r-2", bad({ input: "hi" })));
    expect(await messageOf(() => agent.resume("r-2", bad({ decisions: [] })))).toContain('agent.resume(): option "decisions" must be an object, got an array.');
    // Valid calls are accepted: the finished run is not resumable (a result, not a ConfigurationError).
    expect((await agent.resume("r-2", { context: { tenant: "t" } })).error).toMatchObject({ code: "RUN_NOT_RESUMABLE" });
    await expect(agent.continue(done.state!, undefined, { context: { tenant: "t" } })).resolves.toBeDefined();
    const running = agent.continueStream(done.state!, undefined, { streamHighWaterMark: 4 });
    for await (const _event of running) void _event;
    await expect(running.result).resolves.toBeDefined();
  });
});
