import type { RunResult } from "@baton/core";
import { LOOP_DETECTION_STATE_KEY, type LoopDetectionState } from "./loop-detection-state.js";
import type { LoopDetectionRecord } from "./loop-detection-types.js";

/**
 * The loop detections of a finished run, with the action taken for each, in order
 * (empty when none, or when the run had no loop detection).
 *
 * @example
 * const result = await run({ ..., config: loopDetection() });
 * for (const d of loopDetectionsOf(result)) console.log(d.kind, d.action, d.detail);
 */
export function loopDetectionsOf(result: Pick<RunResult, "custom">): readonly LoopDetectionRecord[] {
  const memory = result.custom[LOOP_DETECTION_STATE_KEY] as LoopDetectionState | undefined;
  return memory?.detections ?? [];
}
