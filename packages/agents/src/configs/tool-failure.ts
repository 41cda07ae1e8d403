import type { OrchestratorState } from "@baton/core";

/** How many entries of each batch's errored-tools list were already looked at. */
const seen = new WeakMap<readonly string[], number>();

/**
 * Inside `handleSpecialTools`: whether the call being handled failed. The loop
 * starts a fresh `lastIterationErroredTools` list per batch and adds a failed call's
 * tool name just before handing that call to `handleSpecialTools`, so the call failed
 * exactly when the list grew since the previous call of the batch.
 */
export function handledCallFailed(state: OrchestratorState): boolean {
  const errored = state.lastIterationErroredTools;
  const before = seen.get(errored) ?? 0;
  seen.set(errored, errored.length);
  return errored.length > before;
}
