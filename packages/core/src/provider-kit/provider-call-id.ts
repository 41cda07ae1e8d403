import type { ToolCallPart, ToolResultPart } from "../messages/content-part.js";

/**
 * The id a provider adapter sends back for a tool call or tool result: the provider's
 * own id (`providerToolCallId`) when the loop renamed the call to make its
 * `toolCallId` unique, otherwise `toolCallId`. A call and its result give the same
 * id, so they still pair up in the provider's request.
 *
 * @example providerCallId({ type: "tool-call", toolCallId: "call_1~2", providerToolCallId: "call_1", toolName: "t", arguments: {} }) // "call_1"
 * @example providerCallId({ type: "tool-result", toolCallId: "call_2", toolName: "t", result: 1 }) // "call_2"
 */
export function providerCallId(part: ToolCallPart | ToolResultPart): string {
  return part.providerToolCallId ?? part.toolCallId;
}
