import type { AgentState, AssistantMessage } from "@baton/core";

/** Text a hook sent after the last turn joins the last assistant message (it is stored with the answer). */
export function keepSentText(state: AgentState): void {
  const text = state.sentText;
  if (text.length === 0) return;
  state.sentText = "";
  const index = state.added.findLastIndex((message) => message.role === "assistant");
  if (index >= 0 && state.turnIterations.at(-1) === state.iteration) {
    const last = state.added[index] as AssistantMessage;
    const message: AssistantMessage = { role: "assistant", content: [...last.content, { type: "text", text }] };
    state.added[index] = message;
    const inLoop = state.inLoopMessages.lastIndexOf(last);
    if (inLoop >= 0) state.inLoopMessages[inLoop] = message;
  } else {
    const message: AssistantMessage = { role: "assistant", content: [{ type: "text", text }] };
    state.added.push(message);
    state.inLoopMessages.push(message);
    state.turnIterations.push(state.iteration);
  }
}
