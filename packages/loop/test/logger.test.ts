import { describe, expect, it } from "vitest";
import { streamWithRetries } from "@baton/core/provider-kit";
import {
  ContextLengthExceededError,
  RateLimitError,
  type AgentConfig,
  type ContextEngine,
  type Logger,
  type ModelProvider,
  type Storage,
  type Tool,
} from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import { resume, run, stream } from "../src/index.js";

/** One logged line: its level, its message and its fields (a child logger's bindings included). */
type Line = { level: string; msg: string | undefined } & Record<string, unknown>;

/** A logger that records its lines; with `child`, one whose lines get the child's bindings (as pino does). */
function recordingLogger(options: { child?: boolean } = {}): Logger & { lines: Line[]; children: Record<string, unknown>[] } {
  const lines: Line[] = [];
  const children: Record<string, unknown>[] = [];
  const make = (bindings: Record<string, unknown>): Logger => {
    const at =
      (level: string) =>
      (obj: object, msg?: string): void =>
        void lines.push({ level, msg, ...bindings, ...obj });
    const logger: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
    return options.child
      ? {
          ...logger,
          child: (more) => {
            children.push(more);
            return make({ ...bindings, ...more });
          },
        }
      : logger;
  };
  return Object.assign(make({}), { lines, children });
}

/** A logger each of whose methods fails the test when called. */
function forbiddenLogger(): Logger & { calls: number } {
  const state = { calls: 0 };
  const fail = (): void => {
    state.calls++;
    throw new Error("the logger must not be called");
  };
  return {
    debug: fail,
    info: fail,
    warn: fail,
    error: fail,
    child: () => {
      state.calls++;
      throw new Error("the logger must not be called");
    },
    get calls() {
      return state.calls;
    },
  };
}

const anyDuration = expect.any(Number) as unknown as number;
const usage = (calls: number, inputTokens: number, outputTokens: number) => ({ calls, inputTokens, outputTokens, cachedInputTokens: 0, reasoningTokens: 0 });

const weatherTurns = [
  {
    text: "Checking.",
    toolCalls: [
      { id: "c1", name: "weather", arguments: { city: "Oslo" } },
      { id: "c2", name: "weather", arguments: { city: "Rome" } },
    ],
    usage: { inputTokens: 10, outputTokens: 5 },
  },
  { text: "Oslo is cold, Rome is warm.", usage: { inputTokens: 20, outputTokens: 7 } },
];

/** A storage whose writes of checkpoints fail (claims and reads work). */
function failingCheckpoints(storage: Storage): Storage {
  const view = {} as Storage;
  for (const name of [...Object.keys(storage), ...Object.getOwnPropertyNames(Object.getPrototypeOf(storage))] as (keyof Storage)[]) {
    if (name === ("constructor" as keyof Storage) || typeof storage[name] !== "function") continue;
    (view as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      name === "saveCheckpoint" ? Promise.reject(new Error("disk full")) : (storage[name] as (...a: unknown[]) => unknown).apply(storage, args);
  }
  return view;
}

/** A provider that fails `failures` times with a rate limit before `inner` answers (retried by `streamWithRetries`, reporting to `request.onRetry`). */
function flaky(inner: ModelProvider, failures: number): ModelProvider {
  let failed = 0;
  return {
    id: "flaky",
    stream: (request) =>
      streamWithRetries(
        () => {
          if (failed++ < failures) throw new RateLimitError("Rate limited: slow down.", { provider: "flaky", status: 429, retryAfterMs: 3 });
          return inner.stream(request);
        },
        { maxRetries: 3 },
        request.signal,
        request.onRetry,
      ),
  };
}

describe("logger option", () => {
  it("a run with tools logs its start and end, with run id and agent path on every line and no text or arguments", async () => {
    const logger = recordingLogger();
    const result = await run({
      provider: scriptedModel(weatherTurns),
      model: "m",
      input: "Weather in Oslo and Rome?",
      tools: [fakeTool({ name: "weather", result: "sunny" })],
      runId: "r-tools",
      logger,
    });
    expect(result.stopReason).toBe("completed");
    expect(logger.lines).toEqual([
      { level: "info", msg: "run start", runId: "r-tools", agentPath: "main", model: "m", resumed: false },
      {
        level: "info",
        msg: "run end",
        runId: "r-tools",
        agentPath: "main",
        stopReason: "completed",
        iterations: 2,
        toolCallCount: 2,
        usage: usage(2, 30, 12),
        durationMs: anyDuration,
        persisted: false,
      },
    ]);
    const logged = JSON.stringify(logger.lines);
    for (const content of ["Weather", "Oslo", "Rome", "sunny", "Checking"]) expect(logged).not.toContain(content);
  });

  it("with child(), binds runId and agentPath once per agent and writes the lines to the child", async () => {
    const logger = recordingLogger({ child: true });
    await run({
      provider: scriptedModel(weatherTurns),
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "weather", result: "sunny" })],
      runId: "r-child",
      agentName: "planner",
      logger,
    });
    expect(logger.children).toEqual([{ runId: "r-child", agentPath: "planner" }]);
    expect(logger.lines.map(({ level, msg, runId, agentPath }) => ({ level, msg, runId, agentPath }))).toEqual([
      { level: "info", msg: "run start", runId: "r-child", agentPath: "planner" },
      { level: "info", msg: "run end", runId: "r-child", agentPath: "planner" },
    ]);
  });

  it("provider retries are logged at warn with the attempt, the wait and the error code", async () => {
    const logger = recordingLogger();
    const result = await run({ provider: flaky(scriptedModel(["Hi!"]), 2), model: "m", input: "Hi", runId: "r-retry", logger });
    expect(result.text).toBe("Hi!");
    expect(logger.lines.filter((line) => line.msg === "provider retry")).toEqual(
      [1, 2].map((attempt) => ({
        level: "warn",
        msg: "provider retry",
        runId: "r-retry",
        agentPath: "main",
        iteration: 1,
        attempt,
        delayMs: 3,
        errorCode: "PROVIDER_RATE_LIMIT",
        errorMessage: "flaky: Rate limited: slow down.",
        retryable: true,
      })),
    );
    expect(logger.lines.map((line) => line.msg)).toEqual(["run start", "provider retry", "provider retry", "run end"]);
  });

  it("the context-overflow retry is logged at warn", async () => {
    const logger = recordingLogger();
    let calls = 0;
    const provider: ModelProvider = {
      id: "small",
      async *stream() {
        if (calls++ === 0) throw new ContextLengthExceededError("This model's maximum context length is 4096 tokens.", { provider: "small", status: 400 });
        yield { type: "text-delta" as const, text: "Short answer." };
        yield { type: "finish" as const, reason: "stop" as const };
      },
    };
    const contextEngine: ContextEngine = { prepare: async (input) => ({ inLoop: input.inLoop }) };
    const result = await run({ provider, model: "m", input: "long question", runId: "r-overflow", contextEngine, contextLimit: 1000, logger });
    expect(result.text).toBe("Short answer.");
    expect(logger.lines.find((line) => line.msg === "context overflow retry")).toEqual({
      level: "warn",
      msg: "context overflow retry",
      runId: "r-overflow",
      agentPath: "main",
      iteration: 1,
      contextLimit: 4096,
      errorCode: "PROVIDER_CONTEXT_LENGTH",
      errorMessage: "small: This model's maximum context length is 4096 tokens.",
    });
  });

  it("a run that stops with an error logs its end at error level with the error's code and message", async () => {
    const logger = recordingLogger();
    const result = await run({ provider: scriptedModel([{ error: "upstream exploded" }]), model: "m", input: "Hi", runId: "r-error", logger });
    expect(result.stopReason).toBe("error");
    expect(logger.lines).toEqual([
      { level: "info", msg: "run start", runId: "r-error", agentPath: "main", model: "m", resumed: false },
      {
        level: "error",
        msg: "run end",
        runId: "r-error",
        agentPath: "main",
        stopReason: "error",
        iterations: 1,
        toolCallCount: 0,
        usage: usage(0, 0, 0),
        durationMs: anyDuration,
        persisted: false,
        errorCode: result.error!.code,
        errorMessage: result.error!.message,
      },
    ]);
    expect(result.error!.message).toContain("upstream exploded");
  });

  it("storage failures are logged at warn, and the run goes on", async () => {
    const logger = recordingLogger();
    const result = await run({
      provider: scriptedModel(weatherTurns),
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "weather", result: "sunny" })],
      runId: "r-store",
      storage: failingCheckpoints(createMemoryStorage()),
      logger,
    });
    expect(result.stopReason).toBe("completed");
    expect(result.persisted).toBe(false);
    const failed = {
      level: "warn",
      msg: "storage write failed",
      runId: "r-store",
      agentPath: "main",
      errorCode: "STORAGE_ERROR",
      errorMessage: "Storage write failed: disk full",
    };
    expect(logger.lines).toEqual([
      { level: "info", msg: "run start", runId: "r-store", agentPath: "main", model: "m", resumed: false },
      ...logger.lines.slice(1, -1).map(() => failed),
      {
        level: "info",
        msg: "run end",
        runId: "r-store",
        agentPath: "main",
        stopReason: "completed",
        iterations: 2,
        toolCallCount: 2,
        usage: usage(2, 30, 12),
        durationMs: anyDuration,
        persisted: false,
      },
    ]);
    // One line per failed checkpoint write: the first, after the model turn and tools of step 1, and the last.
    expect(logger.lines.length - 2).toBeGreaterThanOrEqual(3);
  });

  it("a lost claim is logged at error, and the run's end says it was aborted", async () => {
    const storage = createMemoryStorage();
    let claims = 0;
    // After the run's own claim, another process holds it: the next lease renewal finds out.
    const stolen = new Proxy(storage, {
      get(target, name, receiver) {
        if (name === "claimRun")
          return async (...args: Parameters<Storage["claimRun"]>) =>
            claims++ === 0 ? storage.claimRun(...args) : { claimed: false, reason: "held", owner: "other-host:42:abcd", leaseUntil: Date.now() + 10_000 };
        const value = Reflect.get(target, name, receiver) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    }) as Storage;
    const logger = recordingLogger();
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ id: "c1", name: "slow", arguments: {} }], usage: { inputTokens: 10, outputTokens: 1 } }, "done"]),
      model: "m",
      input: "x",
      // The first renewal (a third of the lease in) finds the claim taken, long before the call ends. A lease of
      // a second, not 150 ms: a process the machine leaves waiting longer than the lease would find its claim
      // unrenewed, and end with STORAGE_UNAVAILABLE instead.
      tools: [fakeTool({ name: "slow", result: "ok", delayMs: 5_000 })],
      storage: stolen,
      claimLeaseMs: 1_000,
      runId: "r-lost",
      logger,
    });
    expect(result.stopReason).toBe("aborted");
    expect(logger.lines).toEqual([
      { level: "info", msg: "run start", runId: "r-lost", agentPath: "main", model: "m", resumed: false },
      {
        level: "error",
        msg: "run claim lost",
        runId: "r-lost",
        agentPath: "main",
        errorCode: "RUN_CLAIM_LOST",
        errorMessage: expect.stringContaining('is held by "other-host:42:abcd"'),
      },
      {
        level: "info",
        msg: "run end",
        runId: "r-lost",
        agentPath: "main",
        stopReason: "aborted",
        iterations: 1,
        // The call the lost claim cut short, and its turn's usage, are left to the process that took the run over.
        toolCallCount: 0,
        usage: usage(0, 0, 0),
        durationMs: anyDuration,
        persisted: false,
        errorCode: "RUN_ABORTED",
        errorMessage: "The run was aborted.",
      },
    ]);
  });

  it("a resumed run logs where it resumed from and how many interruptions were answered", async () => {
    const storage = createMemoryStorage();
    const approval: AgentConfig = {
      beforeToolCalls: ({ calls }) => ({
        decisions: Object.fromEntries(calls.map((planned) => [planned.call.toolCallId, { type: "interrupt", payload: {} }])),
      }),
    };
    const tools: Tool[] = [fakeTool({ name: "delete_file", result: "deleted" })];
    const firstLogger = recordingLogger();
    const paused = await run({
      provider: scriptedModel([
        { toolCalls: [{ id: "d1", name: "delete_file", arguments: { path: "secret-plans.txt" } }], usage: { inputTokens: 10, outputTokens: 3 } },
      ]),
      model: "m",
      input: "Clean up.",
      tools,
      config: approval,
      storage,
      runId: "r-resume",
      logger: firstLogger,
    });
    expect(paused.stopReason).toBe("interrupted");
    expect(firstLogger.lines.at(-1)).toEqual({
      level: "info",
      msg: "run end",
      runId: "r-resume",
      agentPath: "main",
      stopReason: "interrupted",
      iterations: 1,
      toolCallCount: 0,
      usage: usage(1, 10, 3),
      durationMs: anyDuration,
      persisted: true,
      interruptions: 1,
    });

    const logger = recordingLogger();
    const result = await resume({
      provider: scriptedModel([{ text: "Done.", usage: { inputTokens: 20, outputTokens: 2 } }]),
      model: "m",
      tools,
      config: approval,
      storage,
      runId: "r-resume",
      decisions: { d1: { approve: true } },
      logger,
    });
    expect(result.stopReason).toBe("completed");
    expect(logger.lines).toEqual([
      { level: "info", msg: "run start", runId: "r-resume", agentPath: "main", model: "m", resumed: true },
      { level: "info", msg: "run resumed", runId: "r-resume", agentPath: "main", from: "storage", step: "tools", iteration: 1, toolCallCount: 0, decisions: 1 },
      {
        level: "info",
        msg: "run end",
        runId: "r-resume",
        agentPath: "main",
        stopReason: "completed",
        iterations: 2,
        toolCallCount: 1,
        usage: usage(2, 30, 5),
        durationMs: anyDuration,
        persisted: true,
      },
    ]);
    expect(JSON.stringify([...firstLogger.lines, ...logger.lines])).not.toContain("secret-plans");

    // Resumed from the state itself (no storage).
    const pausedAgain = await run({
      provider: scriptedModel([{ toolCalls: [{ id: "d2", name: "delete_file", arguments: { path: "a" } }] }]),
      model: "m",
      input: "x",
      tools,
      config: approval,
      runId: "r-state",
    });
    const fromState = recordingLogger();
    await run({
      provider: scriptedModel(["Done."]),
      model: "m",
      tools,
      config: approval,
      resume: pausedAgain.state!,
      decisions: { d2: { approve: false } },
      logger: fromState,
    });
    expect(fromState.lines[1]).toEqual({
      level: "info",
      msg: "run resumed",
      runId: "r-state",
      agentPath: "main",
      from: "state",
      step: "tools",
      iteration: 1,
      toolCallCount: 0,
      decisions: 1,
    });
  });

  it("a run that cannot be resumed logs its start and its error end", async () => {
    const logger = recordingLogger();
    const result = await resume({ provider: scriptedModel(["x"]), model: "m", storage: createMemoryStorage(), runId: "r-unknown", logger });
    expect(result.error?.code).toBe("RUN_NOT_RESUMABLE");
    expect(logger.lines.map(({ level, msg, resumed, errorCode }) => ({ level, msg, resumed, errorCode }))).toEqual([
      { level: "info", msg: "run start", resumed: false, errorCode: undefined },
      { level: "error", msg: "run end", resumed: undefined, errorCode: "RUN_NOT_RESUMABLE" },
    ]);
  });

  it("sub-agents log their start and end at debug, with their own agent path", async () => {
    const researcher: Tool<{ topic: string }> = {
      name: "research",
      description: "Researches a topic with a sub-agent.",
      parameters: { type: "object", properties: { topic: { type: "string" } }, required: ["topic"] },
      async execute(args, ctx) {
        return (
          await ctx.runSubAgent({
            name: "researcher",
            input: `Research ${args.topic}`,
            instructions: "You are a researcher.",
            provider: scriptedModel([{ text: "found it", usage: { inputTokens: 4, outputTokens: 2 } }]),
          })
        ).text;
      },
    };
    const logger = recordingLogger();
    const result = await run({
      provider: scriptedModel([
        { toolCalls: [{ id: "r1", name: "research", arguments: { topic: "cats" } }], usage: { inputTokens: 10, outputTokens: 3 } },
        { text: "Cats are great.", usage: { inputTokens: 20, outputTokens: 4 } },
      ]),
      model: "m",
      input: "Tell me about cats",
      tools: [researcher],
      runId: "r-nested",
      logger,
    });
    expect(result.text).toBe("Cats are great.");
    expect(logger.lines).toEqual([
      { level: "info", msg: "run start", runId: "r-nested", agentPath: "main", model: "m", resumed: false },
      { level: "debug", msg: "sub-agent start", runId: "r-nested", agentPath: "main/researcher#1", model: "m", parentAgentPath: "main", resumed: false },
      {
        level: "debug",
        msg: "sub-agent end",
        runId: "r-nested",
        agentPath: "main/researcher#1",
        stopReason: "completed",
        iterations: 1,
        toolCallCount: 0,
        usage: usage(1, 4, 2),
        durationMs: anyDuration,
      },
      {
        level: "info",
        msg: "run end",
        runId: "r-nested",
        agentPath: "main",
        stopReason: "completed",
        iterations: 2,
        toolCallCount: 1,
        usage: usage(3, 34, 9),
        durationMs: anyDuration,
        persisted: false,
      },
    ]);
  });

  it("a logger that throws does not disturb the run", async () => {
    const result = await run({ provider: flaky(scriptedModel(["Hi!"]), 1), model: "m", input: "Hi", logger: forbiddenLogger() });
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("Hi!");
  });

  it("without a logger nothing is logged and model requests carry no retry listener", async () => {
    const model = scriptedModel(weatherTurns);
    const logged = recordingLogger();
    // A run with a logger beside one without: only the first one's lines are written.
    const [plain] = await Promise.all([
      run({ provider: model, model: "m", input: "x", tools: [fakeTool({ name: "weather", result: "sunny" })], runId: "r-plain" }),
      run({ provider: scriptedModel(["Hi"]), model: "m", input: "x", runId: "r-logged", logger: logged }),
    ]);
    expect(plain.stopReason).toBe("completed");
    expect(model.requests).toHaveLength(2);
    expect(model.requests.every((request) => !("onRetry" in request))).toBe(true);
    expect(logged.lines.map((line) => `${line.runId} ${line.msg}`)).toEqual(["r-logged run start", "r-logged run end"]);
    const running = stream({ provider: scriptedModel(["Hi"]), model: "m", input: "x" });
    for await (const _event of running) void _event;
    expect((await running.result).text).toBe("Hi");
  });

  it("takes pino's shape and console as loggers (types and calls)", async () => {
    // pino's LogFn and child(), as its typings declare them.
    interface PinoLogFn {
      <T extends object>(obj: T, msg?: string, ...args: unknown[]): void;
      (obj: unknown, msg?: string, ...args: unknown[]): void;
      (msg: string, ...args: unknown[]): void;
    }
    interface PinoLike {
      level: string;
      trace: PinoLogFn;
      debug: PinoLogFn;
      info: PinoLogFn;
      warn: PinoLogFn;
      error: PinoLogFn;
      fatal: PinoLogFn;
      child(bindings: Record<string, unknown>, options?: object): PinoLike;
    }
    const written: string[] = [];
    const pinoLike = (bindings: Record<string, unknown>): PinoLike => {
      const at =
        (level: string): PinoLogFn =>
        (obj: unknown, msg?: unknown) =>
          void written.push(JSON.stringify({ level, ...bindings, ...(typeof obj === "object" ? obj : {}), msg }));
      return {
        level: "debug",
        trace: at("trace"),
        debug: at("debug"),
        info: at("info"),
        warn: at("warn"),
        error: at("error"),
        fatal: at("fatal"),
        child: (more) => pinoLike({ ...bindings, ...more }),
      };
    };
    const asLogger: Logger = pinoLike({ pid: 1 });
    const consoleLogger: Logger = console;
    expect(typeof consoleLogger.info).toBe("function");
    await run({ provider: scriptedModel(["Hi"]), model: "m", input: "x", runId: "r-pino", logger: asLogger });
    expect(
      written
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .map(({ level, pid, runId, agentPath, msg }) => ({ level, pid, runId, agentPath, msg })),
    ).toEqual([
      { level: "info", pid: 1, runId: "r-pino", agentPath: "main", msg: "run start" },
      { level: "info", pid: 1, runId: "r-pino", agentPath: "main", msg: "run end" },
    ]);
  });

  it("rejects a logger without the level methods", async () => {
    await expect(run({ provider: scriptedModel(["x"]), model: "m", input: "x", logger: { info: () => undefined } as unknown as Logger })).rejects.toThrow(
      /option "logger" must be a Logger/,
    );
  });
});
