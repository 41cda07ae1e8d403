import type { PreparedToolCall } from "./prepared-tool-call.js";
import type { ToolOutcome } from "./tool-outcome.js";
import type { ToolRunEnvironment } from "./tool-run-environment.js";
import { runToolCall } from "./run-tool-call.js";

/**
 * Runs a batch of tool calls concurrently — truly in parallel, each call's events
 * reaching the consumer as they happen — with at most `concurrency` running at once
 * (calls start in call order). Outcomes come back in call order, whatever order the
 * tools finish in; `onOutcome` hears of each one as soon as it ends.
 */
export async function executeToolBatch(
  calls: readonly PreparedToolCall[],
  env: ToolRunEnvironment,
  concurrency: number,
  onOutcome?: (index: number, outcome: ToolOutcome) => void,
): Promise<ToolOutcome[]> {
  if (!onOutcome) {
    // The common path (no one listening per call) allocates nothing extra.
    if (calls.length === 1) return [await runToolCall(calls[0]!, env)];
    if (concurrency >= calls.length) return Promise.all(calls.map((call) => runToolCall(call, env)));
  }
  const run = onOutcome
    ? async (index: number): Promise<ToolOutcome> => {
        const outcome = await runToolCall(calls[index]!, env);
        onOutcome(index, outcome);
        return outcome;
      }
    : (index: number): Promise<ToolOutcome> => runToolCall(calls[index]!, env);
  if (calls.length === 1) return [await run(0)];
  if (concurrency >= calls.length) return Promise.all(calls.map((_, index) => run(index)));
  const outcomes = new Array<ToolOutcome>(calls.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < calls.length) {
      const index = next++;
      outcomes[index] = await run(index);
    }
  };
  const workers: Promise<void>[] = [];
  for (let i = 0; i < Math.max(1, concurrency); i++) workers.push(worker());
  await Promise.all(workers);
  return outcomes;
}
