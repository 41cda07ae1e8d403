import { ToolPausedSignal, type ToolExecutionContext } from "@baton/core";
import { withOptionalParts } from "../optional/load-optional-parts.js";
import type { ToolCallState } from "./tool-call-state.js";

/** Where a context keeps its call (for the shared accessors below). */
const CALL = Symbol("baton.toolCall");

type ContextWithCall = ToolExecutionContext & { readonly [CALL]: ToolCallState };

/**
 * The accessors of every context, defined on each one as its own properties (so a
 * spread copy, `{ ...ctx }`, still gets their values) with shared getter functions: an
 * object literal with getters makes new functions and takes V8's slow path on every
 * call, about ten times the cost of the rest of the context.
 */
const SIGNAL: PropertyDescriptor = {
  get(this: ContextWithCall): AbortSignal {
    return this[CALL].interruption().signal;
  },
  enumerable: true,
  configurable: true,
};
const METADATA: PropertyDescriptor = {
  get(this: ContextWithCall): Record<string, unknown> {
    const call = this[CALL];
    return call.env.metadataFor(call.toolCallId);
  },
  enumerable: true,
  configurable: true,
};

/**
 * The context a tool's `execute` gets for one call. Its signal is made when the tool
 * reads it, its metadata object when the tool reads it (most tools never do); progress
 * and events stop once the call was interrupted.
 */
export function toolExecutionContext(call: ToolCallState): ToolExecutionContext {
  const { env, entry, toolCallId, toolName } = call;
  const context = {
    toolCallId,
    toolName,
    runId: env.runId,
    idempotencyKey: `${env.runId}:${toolCallId}`,
    agentPath: env.agentPath,
    context: env.context,
    agentState: env.agentState,
    messages: () => env.messages(),
    progress: (message: string, data?: unknown) => {
      if (call.interrupted) return undefined;
      env.emitToolEvent({ type: "tool-progress", toolCallId, toolName, message, ...(data === undefined ? {} : { data }) });
      return env.ready();
    },
    reportStep: (step: Parameters<ToolExecutionContext["reportStep"]>[0]) => {
      if (call.interrupted) return undefined;
      env.emitToolEvent({ type: "tool-progress", toolCallId, toolName, message: step.title, step });
      return env.ready();
    },
    addUsage: (usage: Parameters<ToolExecutionContext["addUsage"]>[0]) => env.addUsage(usage),
    emit: (event: Parameters<ToolExecutionContext["emit"]>[0]) => {
      if (!call.interrupted) env.emitAgentEvent(event);
    },
    // Nested runs are run by code loaded when a tool first starts one (the loop's optional parts).
    runSubAgent: (request: Parameters<ToolExecutionContext["runSubAgent"]>[0]) => withOptionalParts((parts) => parts.runSubAgentOfCall(call, request)),
    askUser: <T>(question: unknown): Promise<T> => {
      const index = call.questions++;
      const answers = entry.answers ?? [];
      if (index < answers.length) return Promise.resolve(answers[index] as T);
      call.paused = "question";
      entry.waitingFor = { kind: "question", payload: question };
      return Promise.reject(new ToolPausedSignal(toolName, "question"));
    },
    [CALL]: call,
  };
  Object.defineProperty(context, "signal", SIGNAL);
  Object.defineProperty(context, "metadata", METADATA);
  return context as unknown as ToolExecutionContext;
}
