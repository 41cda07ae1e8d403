import type { Message, ToolMessage } from "@baton/core";

/** What a tool marked as "not for history" leaves in stored messages. */
function storedResultOf(toolName: string, metadata: Record<string, unknown> | undefined): unknown {
  const summary = metadata?.["summary"];
  return typeof summary === "string" ? summary : `[${toolName} result not kept in history]`;
}

/**
 * Applies a tool's `includeInHistory: false` (recorded in tool metadata) to stored
 * tool results: the result is replaced by its summary.
 */
export function withHistoryRules(messages: readonly Message[], toolMetadata: Readonly<Record<string, Readonly<Record<string, unknown>>>>): Message[] {
  return messages.map((message) => {
    if (message.role !== "tool") return message;
    let changed = false;
    const content = message.content.map((part) => {
      const metadata = toolMetadata[part.toolCallId];
      if (metadata?.["includeInHistory"] !== false) return part;
      changed = true;
      return { ...part, result: storedResultOf(part.toolName, metadata) };
    });
    return changed ? ({ role: "tool", content } satisfies ToolMessage) : message;
  });
}
