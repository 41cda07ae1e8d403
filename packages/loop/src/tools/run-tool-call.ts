import {
  BatonError,
  ERROR_CODES,
  ToolExecutionError,
  ToolNotEnabledError,
  ToolTimeoutError,
  errorMessage,
  type ToolExecutionContext,
} from "@baton/core";
import { Interruption } from "../abort/interruption.js";
import type { PreparedToolCall } from "./prepared-tool-call.js";
import type { ToolOutcome } from "./tool-outcome.js";
import type { ToolRunEnvironment } from "./tool-run-environment.js";

/** Cuts a message to `max` characters, saying how much was cut. */
export function truncateMessage(message: string, max: number): string {
  if (message.length <= max) return message;
  const marker = `… [truncated ${message.length - max} characters]`;
  return message.slice(0, Math.max(0, max - marker.length)) + marker;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as PromiseLike<unknown>).then === "function";
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return value !== null && typeof value === "object" && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function";
}

/** The error reported for a tool still running when the run is aborted. */
class ToolAbortedError extends BatonError {
  constructor(toolName: string) {
    super(ERROR_CODES.TOOL_ABORTED, `Tool "${toolName}" was aborted because the run was aborted.`, { details: { toolName } });
  }
}

/**
 * Runs one prepared tool call and reports every step as it happens: start, progress,
 * stream chunks, then done or error. Never throws: every failure (invalid call,
 * `shouldUse` refusal, thrown error, timeout, abort) becomes an outcome. A timed-out
 * or aborted tool is signalled through its AbortSignal and not waited for.
 */
export async function runToolCall(prepared: PreparedToolCall, env: ToolRunEnvironment): Promise<ToolOutcome> {
  const started = performance.now();
  const { call } = prepared;
  const toolCallId = call.toolCallId;
  const toolName = call.toolName;
  const fail = (status: Exclude<ToolOutcome["status"], "ok">, error: BatonError): ToolOutcome => {
    const durationMs = performance.now() - started;
    env.emitToolEvent({ type: "tool-error", toolCallId, toolName, status, error: error.toJSON(), durationMs });
    return { status, error, durationMs };
  };

  if (prepared.invalid || !prepared.tool) {
    return fail("invalid", prepared.invalid ?? new ToolExecutionError(toolName, "Tool is missing."));
  }
  const tool = prepared.tool;
  env.emitToolEvent({ type: "tool-start", toolCallId, toolName, arguments: prepared.args });

  const interruption = new Interruption(env.abort);
  const timeoutMs = tool.timeoutMs ?? env.defaultTimeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (timeoutMs !== undefined && timeoutMs > 0) {
    timer = setTimeout(() => interruption.interrupt(new ToolTimeoutError(tool.name, timeoutMs)), timeoutMs);
  }

  try {
    if (tool.shouldUse) {
      const check = tool.shouldUse({ toolName, runId: env.runId, agentPath: env.agentPath, context: env.context, messages: env.messages() });
      const enabled = isThenable(check) ? await interruption.race(check) : check;
      if (!enabled) return fail("not_enabled", new ToolNotEnabledError(tool.name));
    }
    const context: ToolExecutionContext = {
      toolCallId,
      toolName,
      runId: env.runId,
      agentPath: env.agentPath,
      get signal() {
        return interruption.signal;
      },
      context: env.context,
      get metadata() {
        return env.metadataFor(toolCallId);
      },
      progress: (message, data) => {
        if (interruption.isInterrupted) return undefined;
        env.emitToolEvent({ type: "tool-progress", toolCallId, toolName, message, ...(data === undefined ? {} : { data }) });
        return env.ready();
      },
      reportStep: (step) => {
        if (interruption.isInterrupted) return undefined;
        env.emitToolEvent({ type: "tool-progress", toolCallId, toolName, message: step.title, step });
        return env.ready();
      },
      addUsage: (usage) => env.addUsage(usage),
      emit: (event) => {
        if (!interruption.isInterrupted) env.emitAgentEvent(event);
      },
      runSubAgent: (request) => env.runSubAgent(request, interruption.signal),
    };
    const output = tool.execute(prepared.args, context);
    let result: unknown;
    if (isThenable(output)) {
      result = await interruption.race(output);
    } else if (isAsyncIterable(output)) {
      const iterator = output[Symbol.asyncIterator]();
      try {
        for (;;) {
          const step = await interruption.race(iterator.next());
          if (step.done) {
            result = step.value;
            break;
          }
          env.emitToolEvent({ type: "tool-stream", toolCallId, toolName, chunk: step.value });
          const ready = env.ready();
          if (ready) await interruption.race(ready);
        }
      } catch (error) {
        if (interruption.isInterrupted && iterator.return) void Promise.resolve().then(() => iterator.return?.()).catch(() => undefined);
        throw error;
      }
    } else {
      result = output;
    }
    if (interruption.isInterrupted) throw interruption.reason;
    const durationMs = performance.now() - started;
    env.emitToolEvent({ type: "tool-done", toolCallId, toolName, result, durationMs });
    return { status: "ok", result, durationMs };
  } catch (error) {
    if (interruption.isInterrupted) {
      const reason = interruption.reason;
      return reason instanceof ToolTimeoutError ? fail("timeout", reason) : fail("aborted", new ToolAbortedError(tool.name));
    }
    const message = truncateMessage(errorMessage(error), env.maxErrorLength);
    return fail("error", new ToolExecutionError(tool.name, message, { cause: error }));
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    interruption.dispose();
  }
}
