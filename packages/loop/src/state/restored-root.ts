import { ConfigurationError, type AgentState, type Message, type RunState } from "@baton/core";
import { RunNotResumableError } from "../persistence/run-not-resumable-error.js";
import type { RunPersistence } from "../persistence/run-persistence.js";
import { withSystem } from "../run-tree/initial-messages.js";
import type { RunSettings } from "../run-tree/run-settings.js";

/**
 * The root state of a resumed run, with this agent's system prompt and limits (and its
 * history read back, for a format-2 state). A run whose root finished but whose final
 * state was not stored (the process stopped, or storage failed, as it ended) is
 * resumed to store its end. A finished state is refused, unless `ended` (a run that
 * ended aborted, resumed only to give that outcome again).
 */
export async function restoredRoot(
  value: RunState,
  system: readonly Message[],
  settings: RunSettings,
  persistence: RunPersistence | undefined,
  ended = false,
): Promise<AgentState> {
  const state = value.root;
  if (value.status === "finished" && !ended) throw new RunNotResumableError(value.runId, "it has finished");
  let history: readonly Message[] = state.messages;
  if (value.historyInStorage && value.conversation) {
    if (!persistence) throw new ConfigurationError(`Run "${value.runId}" keeps its history in storage: resume it with its "storage".`);
    history = [...(await persistence.loadHistory(value.conversation)), ...state.messages];
  }
  // Stored by an earlier version while a finished batch's usage was recorded: the tools step without its batch (its results are in the messages). The step ends.
  if (state.step === "tools" && state.batch === undefined) state.step = "end";
  state.messages = withSystem(system, history);
  state.toolCallLimit = settings.toolCallLimit;
  state.maxIterations = settings.maxIterations;
  return state;
}
