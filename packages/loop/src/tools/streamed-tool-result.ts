import type { ToolCallState } from "./tool-call-state.js";

/** Reads a tool's stream of chunks (each a `tool-stream` event) to its end: its return value is the result. */
export async function streamedToolResult(output: AsyncIterable<unknown>, state: ToolCallState): Promise<unknown> {
  const { env, toolCallId, toolName } = state;
  const iterator = output[Symbol.asyncIterator]();
  const streaming = state.interruption();
  try {
    for (;;) {
      const step = await streaming.race(iterator.next());
      if (step.done) return step.value;
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
}
