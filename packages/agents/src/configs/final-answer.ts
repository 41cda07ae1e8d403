import type { OrchestratorState } from "@baton/core";

/**
 * Asks the next model call for the final answer: pushes `instruction` as a system
 * message for the coming call and marks the state, so the loop sends no tools and
 * does not add its own instruction. Does nothing when the answer was already requested.
 */
export function requestFinalAnswer(state: OrchestratorState, instruction: string): void {
  if (state.finalAnswerRequested) return;
  state.inLoopMessages.push({ role: "system", content: instruction });
  state.finalAnswerRequested = true;
}

/**
 * Takes a final-answer request back (the deep-research supervisor does this to run
 * its report first): clears the flag and removes the system messages holding `instruction`.
 */
export function withdrawFinalAnswer(state: OrchestratorState, instruction: string): void {
  state.finalAnswerRequested = false;
  state.inLoopMessages = state.inLoopMessages.filter((message) => !(message.role === "system" && message.content === instruction));
}

/** True when the coming model call is the last one `maxIterations` allows (and not the first). */
export function isLastIteration(state: OrchestratorState): boolean {
  return state.iteration > 0 && state.iteration >= state.maxIterations - 1;
}
