import type { AgentConfig, ToolBatchResult, ToolCallDecision } from "@baton/core";
import { HANDOFF_STATE_KEY } from "./handoff-record.js";
import { TRANSFER_TOOL_PREFIX, handoffResultText, isHandoffResult } from "./transfer-tool.js";

/**
 * The hooks that make `transfer_to_*` calls hand control away (composed after the
 * agent's own config):
 * - `beforeToolCalls`: a turn hands off at most once; later transfer calls of the
 *   turn are refused, and the model reads why.
 * - `afterToolBatch`: when a transfer answered, records the handoff in
 *   `state.custom.handoff` (checkpointed, and in the result's `custom`), makes the
 *   target's answer this run's final text and stop reason, leaves a short text as the
 *   call's result in the conversation and ends the run after this step.
 * Both hooks read only the state and the batch, so a run resumed in another process
 * (a target paused for an approval, say) hands off the same way.
 */
export function handoffHooks(transferNames: ReadonlySet<string>): AgentConfig {
  return {
    beforeToolCalls: ({ calls }) => {
      let chosen: string | undefined;
      const decisions: Record<string, ToolCallDecision> = {};
      for (const planned of calls) {
        if (!transferNames.has(planned.call.toolName) || planned.decision.type !== "run") continue;
        if (chosen === undefined) {
          chosen = planned.call.toolName.slice(TRANSFER_TOOL_PREFIX.length);
          continue;
        }
        const target = planned.call.toolName.slice(TRANSFER_TOOL_PREFIX.length);
        decisions[planned.call.toolCallId] = {
          type: "refuse",
          result: `Handoff to "${target}" refused: only one handoff per turn, and this turn hands off to "${chosen}".`,
        };
      }
      return Object.keys(decisions).length > 0 ? { decisions } : undefined;
    },
    afterToolBatch: ({ state, results }) => {
      const done = results.find((entry: ToolBatchResult) => entry.status === "ok" && transferNames.has(entry.call.toolName) && isHandoffResult(entry.output));
      if (!done) return undefined;
      const handoff = done.output as Parameters<typeof handoffResultText>[0];
      state.custom[HANDOFF_STATE_KEY] = handoff.record;
      state.text = handoff.text;
      return { results: { [done.call.toolCallId]: handoffResultText(handoff) }, stop: handoff.record.stopReason };
    },
  };
}
