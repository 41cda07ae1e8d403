import type { BatonError, ToolCallStatus } from "@baton/core";

/** How one tool call ended. */
export interface ToolOutcome {
  readonly status: ToolCallStatus;
  /** The result, when `status` is `ok`. */
  readonly result?: unknown;
  /** The error, when `status` is not `ok`. */
  readonly error?: BatonError;
  readonly durationMs: number;
}
