import type { ToolResultPart } from "@baton/core";
import type { GeminiPart } from "../sdk-types.js";

/**
 * A tool result as a `functionResponse` part: Gemini pairs it with its call by
 * function name and position, and reads `response.output` as the result and
 * `response.error` as a failure (the keys Google's API reference names).
 *
 * @example toFunctionResponsePart({ type: "tool-result", toolCallId: "call_0", toolName: "weather", result: { celsius: 21 } })
 * // { functionResponse: { name: "weather", response: { output: { celsius: 21 } } } }
 */
export function toFunctionResponsePart(result: ToolResultPart): GeminiPart {
  const value = result.result ?? null;
  return { functionResponse: { name: result.toolName, response: result.isError ? { error: value } : { output: value } } };
}
