import type { AgentConfig, AgentContext, Message, OrchestratorState, ToolCallPart } from "@baton/core";
import { APPROVAL_CUSTOM_KEY, type ApprovalRecord } from "./approval-record.js";
import type { PendingApprovalCall } from "./approval-types.js";

/** Decides whether a call needs a person's approval before it runs. */
export type NeedsApprovalCheck = (toolName: string, args: unknown, toolCall: ToolCallPart) => boolean;

/** Options of {@link withApprovals}. */
export interface ApprovalOptions {
  /** The tools whose calls need approval, or a check per call. */
  readonly needsApproval: readonly string[] | NeedsApprovalCheck;
}

/** The messages of a conversation without the system messages it starts with (the run's system prompt). */
function withoutLeadingSystem(messages: readonly Message[]): Message[] {
  let start = 0;
  while (start < messages.length && messages[start]!.role === "system") start++;
  return messages.slice(start);
}

function snapshotCall(call: ToolCallPart): PendingApprovalCall {
  return { toolCallId: call.toolCallId, toolName: call.toolName, arguments: call.arguments };
}

/**
 * Wraps an agent config so that tools needing approval pause the run. When a model
 * turn calls at least one such tool, none of that turn's calls runs: the run ends with
 * stop reason `awaiting_approval`, and the pending calls and the conversation so far
 * are recorded in `result.custom` (read them with `pendingApproval(result)` and save
 * them with `serializeApprovalState(result)`). The config's own `processToolCalls`
 * runs first; when it ends the run, nothing is recorded.
 *
 * @example
 * const config = withApprovals({}, { needsApproval: ["delete_file"] });
 * const result = await run({ provider, model, tools, input, config });
 * if (result.stopReason === "awaiting_approval") save(serializeApprovalState(result));
 */
export function withApprovals(config: AgentConfig, options: ApprovalOptions): AgentConfig {
  const check: NeedsApprovalCheck =
    typeof options.needsApproval === "function"
      ? options.needsApproval
      : ((names: ReadonlySet<string>) => (toolName: string) => names.has(toolName))(new Set(options.needsApproval));
  return {
    ...config,
    async processToolCalls(toolCalls: readonly ToolCallPart[], state: OrchestratorState, context: AgentContext): Promise<boolean> {
      if (config.processToolCalls && (await config.processToolCalls.call(config, toolCalls, state, context))) return true;
      const pending = toolCalls.filter((call) => check(call.toolName, call.arguments, call));
      if (pending.length === 0) return false;
      const record: ApprovalRecord = {
        pendingCalls: pending.map(snapshotCall),
        batch: toolCalls.map(snapshotCall),
        iteration: state.iteration,
        text: state.lastText,
        history: structuredClone([...withoutLeadingSystem(state.messages), ...state.inLoopMessages]),
      };
      state.custom[APPROVAL_CUSTOM_KEY] = record;
      state.stopReason = "awaiting_approval";
      return true;
    },
  };
}
