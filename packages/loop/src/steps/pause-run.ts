import { interruptionsOf, type NextStep, type ToolBatchState } from "@baton/core";
import type { AgentRun } from "../run-tree/agent-run.js";
import { recordCallUsage } from "../usage/record-call-usage.js";

/** Pauses the run in its batch: records the turn's usage (once) and lists what waits. */
export async function pauseRun(run: AgentRun, batch: ToolBatchState): Promise<NextStep> {
  if (!batch.usageRecorded) {
    batch.usageRecorded = true;
    const succeeded = batch.calls.filter((entry) => entry.outcome?.status === "ok").map((entry) => entry.call.toolName);
    const recorded = recordCallUsage(
      run,
      { ...batch.usage, tools: succeeded },
      { text: run.state.lastText, toolCalls: run.state.lastToolCalls, toolsSent: batch.toolsSent, tools: run.offered.definitions },
    );
    if (recorded) await recorded;
  }
  return { type: "interrupt", interruptions: interruptionsOf(run.state) };
}
