/** Loop detection: repeated tool calls and repeated text, with a warning, a stop or a callback. */
export { canonicalJson } from "./canonical-json.js";
export type { LoopAction, LoopDetection, LoopDetectionCallback, LoopDetectionOptions, LoopDetectionRecord, LoopKind } from "./loop-detection-types.js";
export { LOOP_DETECTION_STATE_KEY, type LoopDetectionState, type RememberedTurn } from "./loop-detection-state.js";
export { defaultLoopWarning } from "./loop-warning.js";
export { loopDetection } from "./loop-detection.js";
export { loopDetectionsOf } from "./loop-detections-of.js";
