import type { AgentState } from "@baton/core";

/**
 * What kind of repetition was found.
 *
 * @example
 * const toolLoops = loopDetectionsOf(result).filter((d) => d.kind === "tool_repetition");
 */
export type LoopKind = "tool_repetition" | "text_repetition";

/**
 * What to do about a detection: `warn` (the model is told, beside the tool results),
 * `terminate` (the run ends with stop reason `loop_detected`) or `continue` (nothing).
 *
 * @example
 * loopDetection({ action: (detection) => (detection.count > 4 ? "terminate" : "warn") });
 */
export type LoopAction = "warn" | "terminate" | "continue";

/**
 * One repetition the detector found.
 *
 * @example
 * loopDetection({ action: (detection) => (console.log(detection.detail), "warn") });
 */
export interface LoopDetection {
  readonly kind: LoopKind;
  /** The repeated tool's name (`tool_repetition` only). */
  readonly toolName?: string;
  /** The repeated call's canonical arguments, or the repeated text (normalised). */
  readonly repeated: string;
  /** How often it occurred within the window, this turn included. */
  readonly count: number;
  /** The number of model turns the window covers. */
  readonly window: number;
  /** The iteration (model call number) of the turn that tripped the detector. */
  readonly iteration: number;
  /** A one-line explanation, for logs and events. */
  readonly detail: string;
}

/**
 * A callback deciding what to do about a detection; returning nothing means `continue`.
 *
 * @example
 * const decide: LoopDetectionCallback = (detection, state) => (state.iteration > 20 ? "terminate" : "warn");
 */
export type LoopDetectionCallback = (detection: LoopDetection, state: Readonly<AgentState>) => LoopAction | void | Promise<LoopAction | void>;

/**
 * Options of `loopDetection`.
 *
 * @example
 * loopDetection({ window: 8, maxIdenticalCalls: 3, maxRepeatedText: 3, action: "warn" });
 */
export interface LoopDetectionOptions {
  /** How many recent model turns are compared. Default 10. */
  readonly window?: number;
  /**
   * A tool call (same name, same arguments — key order ignored) seen this many times
   * within the window is a loop. Default 3.
   */
  readonly maxIdenticalCalls?: number;
  /** The same text (whitespace-normalised, non-empty) seen this many times within the window is a loop. Default 3. */
  readonly maxRepeatedText?: number;
  /**
   * `warn` (default), `terminate`, or a callback returning one of them (or `continue`).
   * After a warning, the next detection that would warn terminates instead — unless a
   * clean turn came between them (see `resetAfterCleanTurn`).
   */
  readonly action?: "warn" | "terminate" | LoopDetectionCallback;
  /**
   * Whether a turn with tool calls and no loop, after a warning, means the model
   * recovered: the warned state is reset, so a later, different loop is warned again
   * before one terminates the run. Default `true` (the design's behaviour); `false`
   * keeps the run warned for good (the first repeat after any warning terminates).
   */
  readonly resetAfterCleanTurn?: boolean;
  /** The warning text the model sees. Default: a short note naming the repetition. */
  readonly warningText?: (detection: LoopDetection) => string;
}

/**
 * What a detection led to, as recorded in the run's custom state.
 *
 * @example
 * for (const record of loopDetectionsOf(result)) console.log(record.iteration, record.action, record.detail);
 */
export interface LoopDetectionRecord extends LoopDetection {
  /** The action taken: a second warning is recorded as `terminate`. */
  readonly action: LoopAction;
}
