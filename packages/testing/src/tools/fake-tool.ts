import {
  abortableDelay,
  ConfigurationError,
  type JsonSchema,
  type Tool,
  type ToolAvailabilityContext,
  type ToolExecutionContext,
  type ToolOutput,
} from "@baton/core";

/** One invocation of a {@link FakeTool}, as recorded in `calls`. */
export interface FakeToolCall<TArgs = unknown> {
  readonly args: TArgs;
  readonly toolCallId: string;
  /** `performance.now()` when `execute` was called. */
  readonly startedAt: number;
  /** `performance.now()` when the call ended (resolved, threw or was aborted); unset while running. */
  endedAt?: number;
  /** Whether the call's signal was aborted by the time it ended (even when `ignoreAbort` let it finish). */
  aborted: boolean;
  /** The returned result, when the call succeeded. */
  result?: unknown;
  /** What the call threw (the abort reason when aborted). */
  error?: unknown;
}

/**
 * A fake tool's result: a value, or a function computing it from the arguments and
 * context (it may be async).
 */
export type FakeToolResult<TArgs> = ((args: TArgs, context: ToolExecutionContext) => unknown) | string | number | boolean | null | object;

/** Options of {@link fakeTool}. */
// biome-ignore lint/suspicious/noExplicitAny: a tool's arguments default to any, so a typed tool is assignable where any tool is expected.
export interface FakeToolOptions<TArgs = any> {
  /** The tool name the model calls. */
  readonly name: string;
  /** Default `Fake tool <name>.` */
  readonly description?: string;
  /**
   * The result, or a function computing it from the arguments and context (it may be
   * async). Default `{ ok: true }`. To return a function itself, wrap it: `() => fn`.
   */
  readonly result?: FakeToolResult<TArgs>;
  /** Milliseconds to wait before answering; the wait honours `context.signal`. */
  readonly delayMs?: number;
  /** Thrown after the delay instead of returning (a string becomes an `Error` with that message). */
  readonly error?: unknown;
  /** Stream chunks yielded (as an async generator) before the result. */
  readonly stream?: readonly unknown[];
  /** Messages reported through `context.progress`, in order, when the call starts. */
  readonly progress?: readonly string[];
  /** JSON Schema of the arguments. Default `{ type: "object", properties: {} }`. */
  readonly parameters?: JsonSchema;
  /** Whether the tool may run: a fixed answer or a check. */
  readonly shouldUse?: boolean | ((context: ToolAvailabilityContext) => boolean | Promise<boolean>);
  /** The tool's own timeout in milliseconds. */
  readonly timeoutMs?: number;
  /** Keep waiting and answer normally even when the signal aborts (to test runaway tools). */
  readonly ignoreAbort?: boolean;
}

/** A core `Tool` that records its invocations. */
// biome-ignore lint/suspicious/noExplicitAny: a tool's arguments default to any, so a typed tool is assignable where any tool is expected.
export interface FakeTool<TArgs = any> extends Tool<TArgs, unknown> {
  /** Every invocation, in call order. */
  readonly calls: FakeToolCall<TArgs>[];
  /** Forgets the recorded calls. */
  reset(): void;
}

/**
 * A configurable tool for tests: waits, fails, streams, reports progress and records
 * every call.
 *
 * @example
 * const weather = fakeTool({ name: "get_weather", result: ({ city }) => ({ city, sky: "clear" }), delayMs: 20 });
 * // … run an agent …
 * expect(weather.calls.map((call) => call.args)).toEqual([{ city: "Paris" }]);
 */
// biome-ignore lint/suspicious/noExplicitAny: a tool's arguments default to any, so a typed tool is assignable where any tool is expected.
export function fakeTool<TArgs = any>(options: FakeToolOptions<TArgs>): FakeTool<TArgs> {
  const { name, delayMs = 0, ignoreAbort = false } = options;
  if (typeof name !== "string" || name === "") throw new ConfigurationError("fakeTool: `name` must be a non-empty string.");
  if (typeof delayMs !== "number" || !Number.isFinite(delayMs) || delayMs < 0) {
    throw new ConfigurationError(`fakeTool "${name}": \`delayMs\` must be a finite number >= 0.`);
  }
  const calls: FakeToolCall<TArgs>[] = [];
  const progress = options.progress ?? [];
  const chunks = options.stream;

  /** Reports progress, waits, then throws the scripted error if there is one. */
  async function prepare(context: ToolExecutionContext): Promise<void> {
    for (const message of progress) context.progress(message);
    await abortableDelay(delayMs, ignoreAbort ? undefined : context.signal, (reason) => reason);
    if (options.error !== undefined) throw typeof options.error === "string" ? new Error(options.error) : options.error;
  }

  /** The scripted result (or the result function's answer). */
  async function produce(args: TArgs, context: ToolExecutionContext): Promise<unknown> {
    const result = options.result;
    if (typeof result === "function") return await (result as (args: TArgs, context: ToolExecutionContext) => unknown)(args, context);
    return "result" in options ? result : { ok: true };
  }

  async function runPlain(call: FakeToolCall<TArgs>, args: TArgs, context: ToolExecutionContext): Promise<unknown> {
    try {
      await prepare(context);
      const result = await produce(args, context);
      call.result = result;
      return result;
    } catch (error) {
      call.error = error;
      throw error;
    } finally {
      end(call, context);
    }
  }

  async function* runStreamed(
    call: FakeToolCall<TArgs>,
    args: TArgs,
    context: ToolExecutionContext,
    items: readonly unknown[],
  ): AsyncGenerator<unknown, unknown> {
    try {
      await prepare(context);
      for (const item of items) {
        if (!ignoreAbort && context.signal.aborted) throw context.signal.reason;
        yield item;
      }
      const result = await produce(args, context);
      call.result = result;
      return result;
    } catch (error) {
      call.error = error;
      throw error;
    } finally {
      end(call, context);
    }
  }

  const shouldUse = options.shouldUse;
  return {
    name,
    description: options.description ?? `Fake tool ${name}.`,
    parameters: options.parameters ?? { type: "object", properties: {} },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(shouldUse === undefined ? {} : { shouldUse: typeof shouldUse === "function" ? shouldUse : () => shouldUse }),
    calls,
    reset() {
      calls.length = 0;
    },
    execute(args: TArgs, context: ToolExecutionContext): ToolOutput<unknown> {
      const call: FakeToolCall<TArgs> = { args, toolCallId: context.toolCallId, startedAt: performance.now(), aborted: false };
      calls.push(call);
      return chunks === undefined ? runPlain(call, args, context) : runStreamed(call, args, context, chunks);
    },
  };
}

function end(call: FakeToolCall, context: ToolExecutionContext): void {
  call.endedAt = performance.now();
  call.aborted = context.signal.aborted;
}
