import type { ContextEngineInput } from "@baton/core";
import type { AgentRun } from "../run-tree/agent-run.js";

/**
 * Lets the run's context engine keep the next request inside `contextLimit` tokens:
 * takes its conversation and in-loop messages, records the usage of the calls it made
 * (summaries), emits its events and stores a summary it asks to keep. Used at the end
 * of every step, and when a call did not fit the window.
 */
export async function trimContext(run: AgentRun, contextLimit: number, model: string, response: ContextEngineInput["response"]): Promise<void> {
  const { state, settings } = run;
  const engine = settings.contextEngine!;
  const trimmed = await engine.prepare({
    messages: state.messages,
    inLoop: state.inLoopMessages,
    contextLimit,
    reservedOutputTokens: settings.maxOutputTokens ?? 0,
    model,
    agentPath: state.agentPath,
    signal: run.hookContext.signal,
    response,
  });
  state.inLoopMessages = trimmed.inLoop.slice();
  if (trimmed.messages) state.messages = trimmed.messages.slice();
  for (const record of trimmed.usage ?? []) run.addUsage(record);
  // The engine's event objects are its own: emit copies (events are stamped in place).
  for (const event of trimmed.events ?? []) run.emit({ ...event });
  const conversation = run.parent ? undefined : run.tree.conversation;
  if (run.tree.persistence && conversation && trimmed.summary !== undefined && trimmed.persistSummary)
    await run.tree.persistence.saveSummary(trimmed.summary, conversation);
}
