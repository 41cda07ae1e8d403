import type { BatonError, Tool, ToolCallPart } from "@baton/core";

/** A tool call after lookup and argument checking, ready to run or known to be invalid. */
export interface PreparedToolCall {
  /** The call as recorded in the assistant message (parsed arguments, or the raw text when unparseable). */
  readonly call: ToolCallPart;
  /** The tool, when the name is known and it was offered. */
  readonly tool?: Tool;
  /** Checked arguments, when valid. */
  readonly args?: unknown;
  /** Why the call cannot run (unknown tool, arguments not JSON, arguments failing the schema). */
  readonly invalid?: BatonError;
}
