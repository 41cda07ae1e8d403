import type { AssistantMessage, Message, ToolMessage } from "../messages/index.js";

/**
 * What a run may store. Applied at write time: what a policy excludes is never
 * written. Filters receive a tool name and return whether to keep its calls or results.
 */
export interface DataPolicy {
  readonly storeText: boolean;
  readonly storeToolCalls: boolean;
  readonly storeToolResults: boolean;
  /** Keeps the calls of the tools it returns true for (all, when absent or null). */
  readonly filterToolCalls?: ((toolName: string) => boolean) | null;
  /** Keeps the results of the tools it returns true for (all, when absent or null). */
  readonly filterToolResults?: ((toolName: string) => boolean) | null;
}

/** Store everything: the default policy. */
export const STORE_EVERYTHING: DataPolicy = Object.freeze({
  storeText: true,
  storeToolCalls: true,
  storeToolResults: true,
  filterToolCalls: null,
  filterToolResults: null,
});

/** Whether `policy` stores the calls of the tool named `toolName`. */
export function storesToolCall(policy: DataPolicy, toolName: string): boolean {
  return policy.storeToolCalls && (policy.filterToolCalls?.(toolName) ?? true);
}

/** Whether `policy` stores the results (and progress) of the tool named `toolName`. */
export function storesToolResult(policy: DataPolicy, toolName: string): boolean {
  return policy.storeToolResults && (policy.filterToolResults?.(toolName) ?? true);
}

/**
 * Returns the messages as `policy` allows them to be stored: text, reasoning, tool
 * calls and tool results removed where the policy says so; messages left empty are
 * dropped. System and user messages are kept.
 */
export function applyDataPolicy(messages: readonly Message[], policy: DataPolicy): Message[] {
  const kept: Message[] = [];
  for (const message of messages) {
    if (message.role === "assistant") {
      const content = message.content.filter((part) => {
        if (part.type === "tool-call") return storesToolCall(policy, part.toolName);
        return policy.storeText;
      });
      if (content.length > 0) kept.push({ role: "assistant", content } satisfies AssistantMessage);
    } else if (message.role === "tool") {
      const content = message.content.filter((part) => storesToolResult(policy, part.toolName));
      if (content.length > 0) kept.push({ role: "tool", content } satisfies ToolMessage);
    } else {
      kept.push(message);
    }
  }
  return kept;
}
