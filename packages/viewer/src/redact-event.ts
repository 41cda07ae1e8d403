import { applyDataPolicy, storesToolCall, storesToolResult, type DataPolicy, type StreamEvent } from "@baton/core";

/** What stands in for content a data policy excludes. */
export const REDACTED = "[not stored: data policy]";

/**
 * `event` as `policy` allows it to be kept: the same event with the content the policy
 * excludes replaced by {@link REDACTED} (text and reasoning when `storeText` is off,
 * a tool's arguments when its calls are not stored, its results, progress and stream
 * chunks when its results are not), and `message` events filtered with
 * `applyDataPolicy`. Timing, status, usage and errors are kept: the waterfall stays
 * whole. Returns `event` itself when nothing changes.
 *
 * @example
 * redactEvent(toolDone, { ...STORE_EVERYTHING, storeToolResults: false }).result // "[not stored: data policy]"
 */
export function redactEvent(event: StreamEvent, policy: DataPolicy): StreamEvent {
  switch (event.type) {
    case "text-delta":
    case "reasoning-delta":
      return policy.storeText ? event : { ...event, text: REDACTED };
    case "run-end":
      return policy.storeText || event.text === "" ? event : { ...event, text: REDACTED };
    case "tool-call":
      return storesToolCall(policy, event.toolCall.toolName)
        ? event
        : { ...event, toolCall: { ...event.toolCall, arguments: REDACTED, ...(event.toolCall.rawArguments === undefined ? {} : { rawArguments: REDACTED }) } };
    case "tool-start":
      return storesToolCall(policy, event.toolName) ? event : { ...event, arguments: REDACTED };
    case "tool-done":
      return storesToolResult(policy, event.toolName) ? event : { ...event, result: REDACTED };
    case "tool-progress":
      if (storesToolResult(policy, event.toolName)) return event;
      {
        const { data: _data, step: _step, ...rest } = event;
        return { ...rest, message: REDACTED };
      }
    case "tool-stream":
      return storesToolResult(policy, event.toolName) ? event : { ...event, chunk: REDACTED };
    case "message": {
      const [kept] = applyDataPolicy([event.message], policy);
      if (kept === event.message) return event;
      return { ...event, message: kept ?? { ...event.message, content: [] } } as StreamEvent;
    }
    default:
      return event;
  }
}
