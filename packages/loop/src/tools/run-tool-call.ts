import {
  BatonError,
  ERROR_CODES,
  ToolExecutionError,
  ToolNotEnabledError,
  ToolResultNotJsonError,
  ToolTimeoutError,
  errorMessage,
  isBatonError,
  isPromiseLike,
  type BatchCall,
  type ToolCallOutcome,
} from "@baton/core";
import { ToolCallState } from "./tool-call-state.js";
import { toolExecutionContext } from "./tool-call-context.js";
import { announceWaiting } from "./announce-waiting.js";
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
  if (env.toolEventsWanted) env.emitToolEvent({ type: "tool-error", toolCallId, toolName, status, error: serialized, durationMs });
  return { status, error: serialized, durationMs };
}

/**
 * Runs one prepared tool call and reports every step as it happens: start, progress,
 * stream chunks, then done or error. Never throws: every failure (invalid call,
 * `shouldUse` refusal, thrown error, timeout, abort) becomes an outcome. A timed-out
 * or aborted tool is signalled through its AbortSignal and not waited for. A tool that
 * asks the user a question nobody answered yet, or whose nested run pauses, makes the
 * call `interrupted` (the entry records what it waits for).
 *
 * A call whose tool answers synchronously (and whose `shouldUse`, if any, does too)
 * ends synchronously: its outcome is returned, not a promise; the others continue in
 * {@link settleToolCall}.
 */
export function runToolCall(prepared: PreparedToolCall, env: ToolRunEnvironment, entry: BatchCall): ToolRunResult | Promise<ToolRunResult> {
  const started = performance.now();
  const { call } = prepared;
  if (prepared.invalid || !prepared.tool) {
    return failedOutcome(prepared, env, "invalid", prepared.invalid ?? new ToolExecutionError(call.toolName, "Tool is missing."), performance.now() - started);
  }
  const tool = prepared.tool;
  if (env.toolEventsWanted) env.emitToolEvent({ type: "tool-start", toolCallId: call.toolCallId, toolName: call.toolName, arguments: prepared.args });

  // The call's interruption is made when the call first needs it (a timeout, its signal, something to await while the
  // run can abort): a tool of a run without a signal or timeout never subscribes to anything.
  const state = new ToolCallState(env, entry, call.toolCallId, call.toolName, started);
  const timeoutMs = tool.timeoutMs ?? env.defaultTimeoutMs;
  if (timeoutMs !== undefined && timeoutMs > 0) {
    const timed = state.interruption();
    state.timer = setTimeout(() => timed.interrupt(new ToolTimeoutError(tool.name, timeoutMs)), timeoutMs);
  }
  let output: unknown;
  try {
    if (tool.shouldUse) {
      const check = tool.shouldUse({ toolName: call.toolName, runId: env.runId, agentPath: env.agentPath, context: env.context, messages: env.messages() });
      if (isPromiseLike(check)) return settleToolCall(prepared, state, check);
      if (!check) return ended(state, failedOutcome(prepared, env, "not_enabled", new ToolNotEnabledError(tool.name), performance.now() - started));
    }
    output = tool.execute(prepared.args, toolExecutionContext(state));
  } catch (error) {
    return ended(state, failureOf(prepared, state, error));
  }
  if (isPromiseLike(output) || isAsyncIterable(output) || (output !== undefined && !isPlainJson(output)))
    return settleToolCall(prepared, state, undefined, output);
  try {
    return ended(state, outcomeOf(state, output));
  } catch (error) {
    return ended(state, failureOf(prepared, state, error));
  }
}

/**
 * The rest of a call that has something to wait for: its `shouldUse` check (`check`,
 * when it is a promise; the tool then runs here), the tool's promise or stream of
 * chunks, or a result to convert to JSON.
 */
async function settleToolCall(
  prepared: PreparedToolCall,
  state: ToolCallState,
  check: PromiseLike<boolean> | undefined,
  executed?: unknown,
): Promise<ToolRunResult> {
  const { env } = state;
  const tool = prepared.tool!;
  try {
    let output = executed;
    if (check) {
      if (!(await state.settled(check)))
        return failedOutcome(prepared, env, "not_enabled", new ToolNotEnabledError(tool.name), performance.now() - state.started);
      output = tool.execute(prepared.args, toolExecutionContext(state));
    }
    let result: unknown;
    if (isPromiseLike(output)) result = await state.settled(output);
    // A tool's stream of chunks is read by code loaded when a tool first streams.
    else if (isAsyncIterable(output)) result = await withOptionalParts((parts) => parts.streamedToolResult(output, state));
    else result = output;
    // The result as JSON writes it, so the model sees the same here as after a resume; what JSON would lose or refuse fails
    // the call. Most results are JSON already; the others are converted by code loaded when first needed.
    if (result !== undefined && !isPlainJson(result) && !state.interrupted && !state.paused) {
      const json = await withOptionalParts((parts) => parts.toJsonResult(result, "result"));
      if ("problem" in json)
        return failedOutcome(prepared, env, "error", new ToolResultNotJsonError(tool.name, json.problem), performance.now() - state.started);
      result = json.value;
    }
    return outcomeOf(state, result);
  } catch (error) {
    return failureOf(prepared, state, error);
  } finally {
    state.end();
  }
}

/** The outcome of a tool that returned `result` (plain JSON): done, or interrupted or paused meanwhile (thrown to {@link failureOf}). */
function outcomeOf(state: ToolCallState, result: unknown): ToolRunResult {
  if (state.interrupted) throw state.interruptionReason;
  if (state.paused) return paused(state);
  const { env, toolCallId, toolName } = state;
  const durationMs = performance.now() - state.started;
  if (env.toolEventsWanted) env.emitToolEvent({ type: "tool-done", toolCallId, toolName, result, durationMs });
  return { status: "ok", result, durationMs };
}

/** The outcome of a call that threw (or was interrupted): timeout, aborted, paused, or error. */
function failureOf(prepared: PreparedToolCall, state: ToolCallState, error: unknown): ToolRunResult {
  const { env } = state;
  const tool = prepared.tool!;
  const durationMs = performance.now() - state.started;
  if (state.interrupted) {
    const reason = state.interruptionReason;
    return ToolTimeoutError.isInstance(reason)
      ? failedOutcome(prepared, env, "timeout", reason, durationMs)
      : failedOutcome(prepared, env, "aborted", new ToolAbortedError(tool.name), durationMs);
  }
  if (state.paused) return paused(state);
  return failedOutcome(prepared, env, "error", toolError(tool.name, error, env.maxErrorLength), durationMs);
}

/** Ends a call that ended synchronously: its timer and interruption are released. */
function ended(state: ToolCallState, result: ToolRunResult): ToolRunResult {
  state.end();
  return result;
}

/** The end of a call that paused (a question nobody answered yet, a nested run that paused). */
function paused(state: ToolCallState): ToolRunResult {
  announceWaiting(state.env, state, state.paused!, state.entry.waitingFor?.payload);
  return { status: "interrupted", durationMs: performance.now() - state.started };
}
