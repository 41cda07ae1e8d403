import { InvalidDecisionsError, waitingCalls, type AgentState, type InterruptDecision, type InterruptDecisions } from "@baton/core";

function isApproval(decision: InterruptDecision): decision is { readonly approve: boolean; readonly reason?: string } {
  return decision !== null && typeof decision === "object" && typeof (decision as { approve?: unknown }).approve === "boolean";
}

function isAnswer(decision: InterruptDecision): decision is { readonly answer: unknown } {
  return decision !== null && typeof decision === "object" && Object.hasOwn(decision, "answer");
}

/**
 * Applies a person's decisions to a paused run tree: an approval lets its call run
 * (or makes it a refusal the model reads), an answer becomes what the tool's
 * `askUser` resolves with when the call runs again. Items without a decision keep
 * waiting (the run pauses again once nothing else can go on).
 *
 * @throws InvalidDecisionsError for a decision whose id nothing waits for, or of the
 *   wrong kind (an answer for an approval, an approval for a question).
 */
export function applyDecisions(root: AgentState, decisions: InterruptDecisions): void {
  const waiting = new Map(waitingCalls(root).map((call) => [call.item.id, call]));
  const ids = Object.keys(decisions);
  const unknown = ids.filter((id) => !waiting.has(id));
  if (unknown.length > 0) {
    const open = [...waiting.keys()];
    throw new InvalidDecisionsError(
      `Cannot resume run "${root.runId}": nothing waits for ${unknown.map((id) => `"${id}"`).join(", ")}. ${open.length > 0 ? `It waits for ${open.map((id) => `"${id}"`).join(", ")}.` : "It waits for nothing."}`,
      { details: { unknown, waiting: open } },
    );
  }
  // Every decision is checked before any is applied: a bad one leaves the state as it was.
  for (const id of ids) {
    const { item } = waiting.get(id)!;
    const decision = decisions[id]!;
    if (item.kind === "approval" && !isApproval(decision))
      throw wrongKind(root, id, item.toolName, "an approval ({ approve: true } or { approve: false, reason })", decision);
    if (item.kind === "question" && !isAnswer(decision)) throw wrongKind(root, id, item.toolName, "an answer ({ answer })", decision);
  }
  for (const id of ids) {
    const { entry, item } = waiting.get(id)!;
    const decision = decisions[id]!;
    if (item.kind === "approval" && isApproval(decision)) {
      entry.approval = decision.approve ? { approved: true } : { approved: false, ...(typeof decision.reason === "string" ? { reason: decision.reason } : {}) };
    } else if (isAnswer(decision)) {
      (entry.answers ??= []).push(decision.answer);
      delete entry.waitingFor;
    }
  }
}

function wrongKind(root: AgentState, id: string, toolName: string, expected: string, got: unknown): InvalidDecisionsError {
  return new InvalidDecisionsError(`Cannot resume run "${root.runId}": "${id}" (${toolName}) needs ${expected}, got ${JSON.stringify(got)}.`, {
    details: { id },
  });
}
