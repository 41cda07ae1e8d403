import {
  BatonError,
  ERROR_CODES,
  ToolExecutionError,
  ToolNotEnabledError,
  ToolPausedSignal,
  ToolResultNotJsonError,
  ToolTimeoutError,
  errorMessage,
  isBatonError,
  isPromiseLike,
  isToolPausedSignal,
  type BatchCall,
  type InterruptionKind,
  type ToolCallOutcome,
  type ToolExecutionContext,
} from "@baton/core";
import { Interruption } from "../abort/interruption.js";
import { withOptionalParts } from "../optional/load-optional-parts.js";
import { isPlainJson } from "./plain-json.js";
import type { PreparedToolCall } from "./prepared-tool-call.js";
import type { ToolRunResult } from "./tool-outcome.js";
import type { ToolRunEnvironment } from "./tool-run-environment.js";

/** Cuts a message to `max` characters, saying how much was cut. */
export function truncateMessage(message: string, max: number): string {
  if (message.length <= max) return message;
  const marker = `… [truncated ${message.length - max} characters]`;
  return message.slice(0, Math.max(0, max - marker.length)) + marker;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return value !== null && typeof value === "object" && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function";
}

/** The error reported for a tool still running (or about to start) when the run is aborted. */
export class ToolAbortedError extends BatonError {
  constructor(toolName: string) {
    super(ERROR_CODES.TOOL_ABORTED, `Tool "${toolName}" was aborted because the run was aborted.`, { details: { toolName } });
  }
}

/** The error a thrown value becomes: a `BatonError` keeps its code (and is cut to the length limit), anything else is `TOOL_EXECUTION_FAILED`. */
function toolError(toolName: string, error: unknown, maxLength: number): BatonError {
  if (isBatonError(error)) {
    if (error.message.length <= maxLength) return error;
    return new BatonError(error.code, truncateMessage(error.message, maxLength), { details: error.details, retryable: error.retryable, cause: error });
  }
  return new ToolExecutionError(toolName, truncateMessage(errorMessage(error), maxLength), { cause: error });
}

/** Fails a call before it starts: one `tool-error` event, no `tool-start`. */
export function failedOutcome(
  prepared: PreparedToolCall,
  env: ToolRunEnvironment,
  status: Exclude<ToolCallOutcome["status"], "ok">,
  error: BatonError,
  durationMs = 0,
): ToolCallOutcome {
  const { toolCallId, toolName } = prepared.call;
  const serialized = error.toJSON();
  env.emitToolEvent({ type: "tool-error", toolCallId, toolName, status, error: serialized, durationMs });
  return { status, error: serialized, durationMs };
}

/**
 * Runs one prepared tool call and reports every step as it happens: start, progress,
 * stream chunks, then done or error. Never throws: every failure (invalid call,
 * `shouldUse` refusal, thrown error, timeout, abort) becomes an outcome. A timed-out
 * or aborted tool is signalled through its AbortSignal and not waited for. A tool that
 * asks the user a question nobody answered yet, or whose nested run pauses, makes the
 * call `interrupted` (the entry records what it waits for).
 */
export async function runToolCall(prepared: PreparedToolCall, env: ToolRunEnvironment, entry: BatchCall): Promise<ToolRunResult> {
  const started = performance.now();
  const { call } = prepared;
  const toolCallId = call.toolCallId;
  const toolName = call.toolName;
  const fail = (status: Exclude<ToolCallOutcome["status"], "ok">, error: BatonError): ToolCallOutcome =>
    failedOutcome(prepared, env, status, error, performance.now() - started);

  if (prepared.invalid || !prepared.tool) {
    return fail("invalid", prepared.invalid ?? new ToolExecutionError(toolName, "Tool is missing."));
  }
  const tool = prepared.tool;
  env.emitToolEvent({ type: "tool-start", toolCallId, toolName, arguments: prepared.args });

  // Made when the call first needs it (a timeout, its signal, something to await): a
  // synchronous tool without a timeout never subscribes to the run's abort.
  let made: Interruption | undefined;
  const interruption = (): Interruption => (made ??= new Interruption(env.abort));
  const interrupted = (): boolean => (made ? made.isInterrupted : env.abort.aborted);
  const timeoutMs = tool.timeoutMs ?? env.defaultTimeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (timeoutMs !== undefined && timeoutMs > 0) {
    const timed = interruption();
    timer = setTimeout(() => timed.interrupt(new ToolTimeoutError(tool.name, timeoutMs)), timeoutMs);
  }
  /** Set once the call pauses: whatever the tool does afterwards, the call is interrupted. */
  let paused: InterruptionKind | undefined;
  let questions = 0;
  let subRuns = 0;

  try {
    if (tool.shouldUse) {
      const check = tool.shouldUse({ toolName, runId: env.runId, agentPath: env.agentPath, context: env.context, messages: env.messages() });
      const enabled = isPromiseLike(check) ? await interruption().race(check) : check;
      if (!enabled) return fail("not_enabled", new ToolNotEnabledError(tool.name));
    }
    const context: ToolExecutionContext = {
      toolCallId,
      toolName,
      runId: env.runId,
      // Made when a tool reads it: most never do.
      get idempotencyKey() {
        return `${env.runId}:${toolCallId}`;
      },
      agentPath: env.agentPath,
      get signal() {
        return interruption().signal;
      },
      context: env.context,
      get metadata() {
        return env.metadataFor(toolCallId);
      },
      agentState: env.agentState,
      messages: () => env.messages(),
      progress: (message, data) => {
        if (interrupted()) return undefined;
        env.emitToolEvent({ type: "tool-progress", toolCallId, toolName, message, ...(data === undefined ? {} : { data }) });
        return env.ready();
      },
      reportStep: (step) => {
        if (interrupted()) return undefined;
        env.emitToolEvent({ type: "tool-progress", toolCallId, toolName, message: step.title, step });
        return env.ready();
      },
      addUsage: (usage) => env.addUsage(usage),
      emit: (event) => {
        if (!interrupted()) env.emitAgentEvent(event);
      },
      runSubAgent: (request) =>
        env.runSubAgent(request, interruption().signal, entry, subRuns++).catch((error: unknown) => {
          if (isToolPausedSignal(error)) paused ??= error.kind;
          throw error;
        }),
      askUser: <T>(question: unknown): Promise<T> => {
        const index = questions++;
        const answers = entry.answers ?? [];
        if (index < answers.length) return Promise.resolve(answers[index] as T);
        paused = "question";
        entry.waitingFor = { kind: "question", payload: question };
        return Promise.reject(new ToolPausedSignal(toolName, "question"));
      },
    };
    const output = tool.execute(prepared.args, context);
    let result: unknown;
    if (isPromiseLike(output)) {
      result = await interruption().race(output);
    } else if (isAsyncIterable(output)) {
      const iterator = output[Symbol.asyncIterator]();
      const streaming = interruption();
      try {
        for (;;) {
          const step = await streaming.race(iterator.next());
          if (step.done) {
            result = step.value;
            break;
          }
          env.emitToolEvent({ type: "tool-stream", toolCallId, toolName, chunk: step.value });
          const ready = env.ready();
          if (ready) await streaming.race(ready);
        }
      } catch (error) {
        if (streaming.isInterrupted && iterator.return)
          void Promise.resolve()
            .then(() => iterator.return?.())
            .catch(() => undefined);
        throw error;
      }
    } else {
      result = output;
    }
    if (interrupted()) throw made ? made.reason : env.abort.abortError;
    if (paused) return pause(paused);
    // The result as JSON writes it, so the model sees the same here as after a resume; what JSON would lose or refuse fails
    // the call. Most results are JSON already; the others are converted by code loaded when first needed.
    if (result !== undefined && !isPlainJson(result)) {
      const json = await withOptionalParts((parts) => parts.toJsonResult(result, "result"));
      if ("problem" in json) return fail("error", new ToolResultNotJsonError(tool.name, json.problem));
      result = json.value;
    }
    const durationMs = performance.now() - started;
    env.emitToolEvent({ type: "tool-done", toolCallId, toolName, result, durationMs });
    return { status: "ok", result, durationMs };
  } catch (error) {
    if (interrupted()) {
      const reason = made ? made.reason : env.abort.abortError;
      return ToolTimeoutError.isInstance(reason) ? fail("timeout", reason) : fail("aborted", new ToolAbortedError(tool.name));
    }
    if (paused) return pause(paused);
    return fail("error", toolError(tool.name, error, env.maxErrorLength));
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    made?.dispose();
  }

  function pause(kind: InterruptionKind): ToolRunResult {
    const payload = entry.waitingFor?.payload;
    env.emitToolEvent({ type: "tool-interrupted", toolCallId, toolName, kind, ...(payload === undefined ? {} : { payload }) });
    return { status: "interrupted", durationMs: performance.now() - started };
  }
}
