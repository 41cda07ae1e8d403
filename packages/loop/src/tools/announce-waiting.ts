import type { InterruptionKind } from "@baton/core";
import type { ToolRunEnvironment } from "./tool-run-environment.js";

/**
 * Tells that a call waits (`tool-interrupted`): for an approval, an answer, a nested
 * run, or a decision on a call in doubt; `payload` is what it waits with, if anything.
 */
export function announceWaiting(
  env: ToolRunEnvironment,
  call: { readonly toolCallId: string; readonly toolName: string },
  kind: InterruptionKind,
  payload: unknown,
): void {
  env.emitToolEvent({ type: "tool-interrupted", toolCallId: call.toolCallId, toolName: call.toolName, kind, ...(payload === undefined ? {} : { payload }) });
}
