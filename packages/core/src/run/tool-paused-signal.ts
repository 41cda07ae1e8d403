import type { InterruptionKind } from "./interruption.js";

/**
 * What `ctx.askUser()` (before it has an answer) and `ctx.runSubAgent()` (when the
 * nested run pauses) reject with: the tool call pauses until the run is resumed. It
 * is not an error of the tool: a tool that wraps nested runs should let it through
 * (`if (isToolPausedSignal(error)) throw error`); the loop records the call as
 * interrupted whatever the tool does with it.
 */
export class ToolPausedSignal extends Error {
  constructor(
    toolName: string,
    /** What the paused work waits for. */
    readonly kind: InterruptionKind,
  ) {
    super(`Tool "${toolName}" paused: the run waits for a person.`);
    this.name = "ToolPausedSignal";
    Object.defineProperty(this, TOOL_PAUSED_MARKER, { value: true, enumerable: false });
  }
}

/** The mark of a {@link ToolPausedSignal} from any copy of `@baton/core` (a registered symbol, as errors carry). */
const TOOL_PAUSED_MARKER = Symbol.for("baton.tool-paused-signal");

/**
 * Whether `error` is the signal of a paused tool call (see {@link ToolPausedSignal}),
 * made by any copy of `@baton/core` (it reads a registered marker, not the prototype).
 */
export function isToolPausedSignal(error: unknown): error is ToolPausedSignal {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[TOOL_PAUSED_MARKER] === true;
}
