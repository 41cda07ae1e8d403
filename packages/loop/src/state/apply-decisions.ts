import {
  InvalidDecisionsError,
  ToolExecutionError,
  ToolRefusedError,
  rejectionText,
  waitingCalls,
  type AgentState,
  type BatchCall,
  type InDoubtDecision,
  type InDoubtPayload,
  type InterruptDecision,
  type InterruptDecisions,
} from "@baton/core";
import { toJsonResult } from "../tools/json-result.js";

function isApproval(decision: InterruptDecision): decision is { readonly approve: boolean; readonly reason?: string } {
  return decision !== null && typeof decision === "object" && typeof (decision as { approve?: unknown }).approve === "boolean";
}

function isAnswer(decision: InterruptDecision): decision is { readonly answer: unknown } {
  return decision !== null && typeof decision === "object" && Object.hasOwn(decision, "answer");
}

/**
 * `decision` read as one on a call in doubt (exactly one of `runAgain: true`, `result`
 * as JSON writes it, or `fail` with a reason), or undefined when it is not one.
 */
function readInDoubtDecision(decision: InterruptDecision): InDoubtDecision | undefined {
  if (decision === null || typeof decision !== "object") return undefined;
  const keys = Object.keys(decision);
  if (keys.length !== 1) return undefined;
  const fields = decision as Record<string, unknown>;
  if (keys[0] === "runAgain") return fields.runAgain === true ? { runAgain: true } : undefined;
  if (keys[0] === "result") {
    const converted = toJsonResult(fields.result, "result");
    return "problem" in converted ? undefined : { result: converted.value };
  }
  return keys[0] === "fail" && typeof fields.fail === "string" ? { fail: fields.fail } : undefined;
}

/**
 * Settles a call in doubt (its journaled `attempt` the one that may have run) as
 * decided: it runs again (its next attempt), or takes the result or failure given (it
 * never runs). Returns false, changing nothing, for what is not a decision on a call in
 * doubt.
 */
export function settleInDoubt(entry: BatchCall, given: InterruptDecision, attempt: number): boolean {
  const decision = readInDoubtDecision(given);
  if (decision === undefined) return false;
  entry.status = "pending";
  delete entry.waitingFor;
  if ("runAgain" in decision) entry.runAgain = attempt;
  else if ("result" in decision) entry.decided = { status: "ok", result: decision.result, durationMs: 0 };
  else
    entry.decided = {
      status: "error",
      error: new ToolExecutionError(entry.call.toolName, `The call may not have run, and was failed by a decision: ${decision.fail}`).toJSON(),
      durationMs: 0,
    };
  return true;
}

/**
 * Applies a person's decisions to a paused run tree: an approval lets its call run
 * (or makes it a refusal the model reads), an answer becomes what the tool's
 * `askUser` resolves with when the call runs again, and a decision on a call in
 * doubt runs it again or settles it with the result or failure given. Items without a
 * decision keep waiting (the run pauses again once nothing else can go on).
 *
 * @throws InvalidDecisionsError for a decision whose id nothing waits for, or of the
 *   wrong kind (an answer for an approval, an approval for a question, anything but
 *   `{ runAgain: true }`, `{ result }` with a JSON result or `{ fail: reason }` for a
 *   call in doubt).
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
    if (item.kind === "in-doubt" && readInDoubtDecision(decision) === undefined)
      throw wrongKind(
        root,
        id,
        item.toolName,
        "a decision on a call in doubt ({ runAgain: true }, { result } with a JSON result, or { fail: reason })",
        decision,
      );
  }
  for (const id of ids) {
    const { entry, item } = waiting.get(id)!;
    const decision = decisions[id]!;
    if (item.kind === "approval" && isApproval(decision)) {
      entry.approval = decision.approve ? { approved: true } : { approved: false, ...(typeof decision.reason === "string" ? { reason: decision.reason } : {}) };
    } else if (item.kind === "in-doubt") {
      // Checked above; only a call in doubt waits with an in-doubt payload.
      settleInDoubt(entry, decision, (entry.waitingFor!.payload as InDoubtPayload).attempt);
    } else if (isAnswer(decision)) {
      (entry.answers ??= []).push(decision.answer);
      delete entry.waitingFor;
    }
  }
}

function wrongKind(root: AgentState, id: string, toolName: string, expected: string, got: unknown): InvalidDecisionsError {
  return new InvalidDecisionsError(`Cannot resume run "${root.runId}": "${id}" (${toolName}) needs ${expected}, got ${describe(got)}.`, {
    details: { id },
  });
}

/** A decision as the error shows it: its JSON, or what it holds that JSON cannot write. */
function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    const converted = toJsonResult(value, "decision");
    return "problem" in converted ? `a value with ${converted.problem.kind} at ${converted.problem.path}` : "a value that is not JSON";
  }
}

/**
 * The decisions of a `resume()` whose stored state is not paused (the checkpoint of
 * its pause was never stored, though the attempt reported the pause): those on calls
 * the state holds as waiting, and the others, kept for the calls in doubt that the
 * journal will find again as the run goes on. (Given for a paused state, a decision
 * nothing waits for is an error: see {@link applyDecisions}.)
 */
export function splitUnstoredPauseDecisions(
  root: AgentState,
  decisions: InterruptDecisions,
): { readonly now: InterruptDecisions; readonly later: Record<string, InterruptDecision> | undefined } {
  const waiting = new Set(waitingCalls(root).map((call) => call.item.id));
  const now: Record<string, InterruptDecision> = {};
  let later: Record<string, InterruptDecision> | undefined;
  for (const [id, decision] of Object.entries(decisions)) {
    if (waiting.has(id)) now[id] = decision;
    else (later ??= {})[id] = decision;
  }
  return { now, later };
}

/** Turns a person's approval of a call held for it into a run, or a refusal the model reads. */
export function settleApproval(entry: BatchCall, approval: NonNullable<BatchCall["approval"]>): void {
  entry.status = "pending";
  delete entry.waitingFor;
  if (approval.approved) return;
  const result = rejectionText(approval.reason);
  entry.refusal = { result, status: "refused", error: new ToolRefusedError(entry.call.toolName, result).toJSON() };
}
