import {
  BatonError,
  InvalidToolArgumentsError,
  RunAbortedError,
  ToolExecutionError,
  ToolNotFoundError,
  ToolTimeoutError,
  errorMessage,
  type SubAgentRequest,
  type RunResult,
  type Tool,
  type ToolCallPart,
  type ToolExecutionContext,
  type ToolResultPart,
  type Usage,
  ConfigurationError,
} from "@baton/core";

/** What a tool run outside the loop is given. */
export interface ResumeToolEnvironment {
  readonly runId: string;
  readonly agentPath: string;
  readonly tools: ReadonlyMap<string, Tool>;
  readonly signal?: AbortSignal;
  readonly context: Readonly<Record<string, unknown>>;
  readonly onProgress?: (toolCallId: string, toolName: string, message: string, data?: unknown) => void;
  readonly onUsage?: (usage: Usage) => void;
}

function errorResult(call: ToolCallPart, error: BatonError): ToolResultPart {
  return { type: "tool-result", toolCallId: call.toolCallId, toolName: call.toolName, result: `Error (${error.code}): ${error.message}`, isError: true };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return value !== null && typeof value === "object" && Symbol.asyncIterator in value && typeof (value as { then?: unknown }).then !== "function";
}

/** The value of a tool's output: awaited, or the return value of its stream. */
async function outputValue(output: unknown): Promise<unknown> {
  if (!isAsyncIterable(output)) return await output;
  const iterator = output[Symbol.asyncIterator]();
  for (;;) {
    const step = await iterator.next();
    if (step.done) return step.value;
  }
}

/** Races a promise against an abort signal. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function argumentsOf(call: ToolCallPart): unknown {
  return call.rawArguments !== undefined ? (call.rawArguments.trim() === "" ? {} : JSON.parse(call.rawArguments)) : call.arguments;
}

/**
 * Runs one approved call outside the loop, the way the loop would: an unknown tool,
 * bad arguments, a throw or a timeout become an error result the model reads.
 */
export async function runApprovedCall(call: ToolCallPart, env: ResumeToolEnvironment): Promise<ToolResultPart> {
  const tool = env.tools.get(call.toolName);
  if (!tool) return errorResult(call, new ToolNotFoundError(call.toolName, [...env.tools.keys()]));
  let args: unknown;
  try {
    args = argumentsOf(call);
  } catch (error) {
    return errorResult(call, new InvalidToolArgumentsError(call.toolName, [`arguments are not valid JSON (${errorMessage(error)})`]));
  }
  if (tool.validate) {
    const check = tool.validate(args);
    if (!check.success) return errorResult(call, new InvalidToolArgumentsError(call.toolName, check.issues));
    args = check.value;
  }
  const signals = [env.signal, tool.timeoutMs === undefined ? undefined : AbortSignal.timeout(tool.timeoutMs)].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length === 0 ? new AbortController().signal : signals.length === 1 ? signals[0]! : AbortSignal.any(signals);
  const context: ToolExecutionContext = {
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    runId: env.runId,
    agentPath: env.agentPath,
    signal,
    context: env.context,
    metadata: {},
    progress: (message, data) => env.onProgress?.(call.toolCallId, call.toolName, message, data),
    reportStep: () => undefined,
    emit: () => undefined,
    addUsage: (usage) => env.onUsage?.(usage),
    runSubAgent: (request: SubAgentRequest): Promise<RunResult> =>
      Promise.reject(
        new ConfigurationError(
          `Tool "${call.toolName}" asked to run the sub-agent "${request.name}" while an approved call was being resumed; sub-agents are not available there. Leave tools that run sub-agents out of needsApproval, or approve them before the run pauses.`,
        ),
      ),
  };
  try {
    return { type: "tool-result", toolCallId: call.toolCallId, toolName: call.toolName, result: await untilAborted(outputValue(tool.execute(args, context)), signal) };
  } catch (error) {
    if (signal.aborted && env.signal?.aborted !== true && tool.timeoutMs !== undefined) return errorResult(call, new ToolTimeoutError(call.toolName, tool.timeoutMs));
    if (env.signal?.aborted) throw new RunAbortedError(env.signal.reason);
    return errorResult(call, error instanceof BatonError ? error : new ToolExecutionError(call.toolName, errorMessage(error), { cause: error }));
  }
}
