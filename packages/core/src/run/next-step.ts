import type { BatonError } from "../errors/index.js";
import type { StopReason } from "../agent/stop-reason.js";
import type { Interruption } from "./interruption.js";

/** The steps of one agent's loop, in the order they run: prepare → model → tools → end, again. */
export type StepName = "prepare" | "model" | "tools" | "end";

/**
 * What a step of the loop decides: go on to another step, stop the run (with why, and
 * the error when one ended it), or pause it until the listed items are decided.
 */
export type NextStep =
  | { readonly type: "continue"; readonly step: StepName }
  | { readonly type: "stop"; readonly reason: StopReason; readonly error?: BatonError }
  | { readonly type: "interrupt"; readonly interruptions: readonly Interruption[] };
