import { ConfigurationError, type AgentState, type Message, type RunState } from "@baton/core";
import { RunNotResumableError } from "../persistence/run-not-resumable-error.js";
import type { RunPersistence } from "../persistence/run-persistence.js";
import { withSystem } from "../run-tree/initial-messages.js";
import type { RunSettings } from "../run-tree/run-settings.js";

/**
 * The root state of a resumed run, with this agent's system prompt and limits (and its
 * history read back, for a format-2 state). A run whose root finished but whose final
 * state was not stored (the process stopped, or storage failed, as it ended) is
 * resumed to store its end.
 */
export async function restoredRoot(
  value: RunState,
  system: readonly Message[],
  settings: RunSettings,
  persistence: RunPersistence | undefined,
): Promise<AgentState> {
  const state = value.root;
  if (value.status === "finished") throw new RunNotResumableError(value.runId, "it has finished");
  let history: readonly Message[] = state.messages;
  if (value.historyInStorage && value.conversation) {
    if (!persistence) throw new ConfigurationError(`Run "${value.runId}" keeps its history in storage: resume it with its "storage".`);
    history = [...(await persistence.loadHistory(value.conversation)), ...state.messages];
  }
  state.messages = withSystem(system, history);
  state.toolCallLimit = settings.toolCallLimit;
  state.maxIterations = settings.maxIterations;
  return state;
}
