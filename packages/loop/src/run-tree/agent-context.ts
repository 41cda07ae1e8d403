import type { AgentContext } from "@baton/core";
import type { AgentRun } from "./agent-run.js";

/** The {@link AgentContext} of a run. */
export function agentContextOf(run: AgentRun): AgentContext {
  let signal: AbortSignal | undefined;
  return {
    runId: run.runId,
    agentPath: run.agentPath,
    registry: run.registry,
    provider: run.provider,
    model: run.model,
    context: run.settings.context,
    get signal() {
      return (signal ??= run.abort.signal ?? new AbortController().signal);
    },
    sendText: (text) => run.sendText(text),
    emit: (event) => run.emit(event),
  };
}
