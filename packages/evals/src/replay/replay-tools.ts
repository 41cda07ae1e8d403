import type { Tool, ToolExecutionContext } from "@baton/core";
import { ReplayExhaustedError } from "../errors/replay-errors.js";
import { errorFromRecorded } from "../recording/recorded-error.js";
import type { RecordedToolCall, Recording } from "../recording/recording.js";

/** Options of {@link replayTools}. */
export interface ReplayToolsOptions {
  /** Names of the tools that run for real; every other tool gives its recorded results. */
  readonly live?: readonly string[];
}

/**
 * The tools, each giving the results the recording holds instead of running (except
 * those named in `live`): a call gets the recorded call with the same id, else the next
 * recorded call of the same tool not given yet (a live model makes ids of its own). A
 * recorded error is thrown again, a streaming tool's values are streamed again. A call
 * with no recorded call left fails with `ReplayExhaustedError`, which the model sees as
 * the tool's error. Names, descriptions and schemas stay the tools' own: what the run
 * sends the model is what the code says now.
 */
export function replayTools(recording: Recording, tools: readonly Tool[], options: ReplayToolsOptions = {}): Tool[] {
  const live = new Set(options.live ?? []);
  const given = new Set<RecordedToolCall>();
  const byId = new Map(recording.toolCalls.map((call) => [`${call.toolName}\u0000${call.toolCallId}`, call]));

  function recordedCallFor(toolName: string, toolCallId: string): RecordedToolCall {
    let call = byId.get(`${toolName}\u0000${toolCallId}`);
    if (call === undefined || given.has(call)) call = recording.toolCalls.find((candidate) => candidate.toolName === toolName && !given.has(candidate));
    if (call === undefined) {
      const recorded = recording.toolCalls.filter((candidate) => candidate.toolName === toolName).length;
      throw new ReplayExhaustedError(`The replayed run called ${toolName} more often than the recording, which holds ${recorded} call(s) of it.`, {
        toolName,
        toolCallId,
        recordedCalls: recorded,
      });
    }
    given.add(call);
    return call;
  }

  return tools.map((tool) =>
    live.has(tool.name)
      ? tool
      : {
          ...tool,
          execute(_args: unknown, context: ToolExecutionContext) {
            const call = recordedCallFor(tool.name, context.toolCallId);
            if (call.streamed !== undefined) return streamAgain(call);
            if (call.error) return Promise.reject(errorFromRecorded(call.error));
            return call.result;
          },
        },
  );
}

async function* streamAgain(call: RecordedToolCall): AsyncGenerator<unknown, unknown> {
  for (const value of call.streamed ?? []) yield value;
  if (call.error) throw errorFromRecorded(call.error);
  return call.result;
}
