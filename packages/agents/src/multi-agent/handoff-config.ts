import type { AgentConfig, OrchestratorState } from "@baton/core";
import type { AgentDefinition } from "./agent-definition.js";
import type { HandoffChannel } from "./handoff-channel.js";
import { HANDOFF_STATE_KEY } from "./handoff-record.js";
import { handoffTranscript } from "./handoff-transcript.js";
import { copyConfig } from "./merge-config.js";
import { TRANSFER_TOOL_PREFIX, handoffResultText } from "./transfer-tool.js";

/**
 * The config of an agent with handoffs: its own config, with three hooks wrapped.
 * - `onToolsSelected`: gives each transfer call the conversation so far (the first
 *   transfer of a turn; later ones of the same turn are refused).
 * - `handleSpecialTools`: when a transfer answered, records the handoff in
 *   `state.custom.handoff`, makes the target's answer this run's final text and stop
 *   reason, and leaves a short text as the call's result in the conversation.
 * - `shouldContinueLoop`: ends the run right after a transfer answered.
 * Everything else is the agent's own config; its wrapped hooks still run for all
 * other calls.
 */
export function handoffConfig(definition: AgentDefinition, transferNames: ReadonlySet<string>, channel: HandoffChannel): AgentConfig {
  const own = copyConfig(definition.config);
  return {
    ...own,
    onToolsSelected: (toolCalls, state, context) => {
      let chosen: string | undefined;
      for (const call of toolCalls) {
        if (!transferNames.has(call.toolName)) continue;
        if (chosen === undefined) {
          chosen = call.toolName;
          const transcript = handoffTranscript([...state.messages, ...state.inLoopMessages], call.toolCallId);
          channel.put(context.runId, context.agentPath, call.toolCallId, { kind: "go", transcript });
        } else {
          channel.put(context.runId, context.agentPath, call.toolCallId, { kind: "refused", chosen: chosen.slice(TRANSFER_TOOL_PREFIX.length) });
        }
      }
      return own.onToolsSelected?.(toolCalls, state, context);
    },
    handleSpecialTools: (toolName, result, toolCall, context, state) => {
      if (transferNames.has(toolName)) {
        // A call that never ran (bad arguments) leaves its ticket behind: drop it.
        channel.take(context.runId, context.agentPath, toolCall.toolCallId);
        if (channel.isHandoff(result)) {
          state.custom[HANDOFF_STATE_KEY] = result.record;
          state.lastText = result.text;
          state.stopReason = result.record.stopReason;
          return { modifiedResult: handoffResultText(result) };
        }
      }
      return own.handleSpecialTools?.(toolName, result, toolCall, context, state);
    },
    shouldContinueLoop: (state: OrchestratorState) => {
      if (state.custom[HANDOFF_STATE_KEY] !== undefined) return false;
      return own.shouldContinueLoop ? own.shouldContinueLoop(state) : state.hasToolCalls;
    },
  };
}
