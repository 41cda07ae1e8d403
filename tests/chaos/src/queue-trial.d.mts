import type { TrialResult } from "./in-process-trial.mjs";
import type { TrialContext } from "./trial-kinds.mjs";

/** Runs on the queue with two worker processes, SSE clients reconnecting, workers and Redis killed or paused. */
export declare function queueTrial(seed: number, context: TrialContext): Promise<TrialResult>;
