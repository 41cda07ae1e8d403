import type { ArchivedToolOutput, StoredToolOutput } from "../storage/archive-store.js";

/**
 * The record an adapter stores for an archived output: its fields, the scope it was
 * archived in when given, and its creation time (absent fields are left out).
 */
export function storedToolOutput(
  output: ArchivedToolOutput & { readonly runId?: string; readonly conversationId?: string },
  createdAt: number,
): StoredToolOutput {
  return {
    id: output.id,
    toolName: output.toolName,
    toolCallId: output.toolCallId,
    result: output.result,
    ...(output.runId === undefined ? {} : { runId: output.runId }),
    ...(output.conversationId === undefined ? {} : { conversationId: output.conversationId }),
    createdAt,
  };
}
