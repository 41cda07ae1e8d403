/**
 * What a paused run waits for. A run pauses (stop reason `interrupted`) when a tool
 * call needs a person's approval or a tool asks the user a question, at any depth of
 * the run tree; the root result lists every waiting item with its agent path.
 */

/** Why an item waits: a tool call needing approval, or a tool asking the user a question. */
export type InterruptionKind = "approval" | "question";

/** One thing a paused run waits for. */
export interface Interruption {
  /** Key of the decision that answers it: the tool call's id (unique in the run tree). */
  readonly id: string;
  readonly kind: InterruptionKind;
  /** Agent path of the run that holds it: `main`, `main/researcher#2`. */
  readonly agentPath: string;
  readonly toolCallId: string;
  readonly toolName: string;
  /** The call's arguments, as the model gave them. */
  readonly arguments: unknown;
  /**
   * What the tool asked (`kind: "question"`: the value given to `ctx.askUser`), or what the
   * approval check attached (`kind: "approval"`); absent when there is nothing more to say.
   */
  readonly payload?: unknown;
}

/** A person's answer to an approval: run the call, or refuse it with a reason the model reads. */
export type ApprovalDecision = { readonly approve: true } | { readonly approve: false; readonly reason?: string };

/** A person's answer to a tool's question: `ctx.askUser` resolves with `answer`. */
export interface AnswerDecision {
  readonly answer: unknown;
}

/** The answer to one {@link Interruption}. */
export type InterruptDecision = ApprovalDecision | AnswerDecision;

/** Decisions by interruption id (the tool call's id). */
export type InterruptDecisions = Readonly<Record<string, InterruptDecision>>;

/** The text the model reads for a call a person refused. */
export function rejectionText(reason?: string): string {
  const base = "The user rejected this tool call, so it was not run.";
  return reason !== undefined && reason.trim().length > 0 ? `${base} Reason: ${reason.trim()}` : base;
}
