import type { TrialResult } from "./in-process-trial.mjs";
import type { TrialContext } from "./trial-kinds.mjs";

/** A child process runs the trial's runs and is killed with SIGKILL mid-batch; this process resumes them. */
export declare function crashTrial(
  seed: number,
  context: TrialContext,
  options?: { readonly storages?: readonly ("redis" | "sqlite")[] },
): Promise<TrialResult>;
