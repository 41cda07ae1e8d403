/**
 * What a paused run waits for. A run pauses (stop reason `interrupted`) when a tool
 * call needs a person's approval, a tool asks the user a question, or a resumed run
 * finds a call in doubt, at any depth of the run tree; the root result lists every
 * waiting item with its agent path.
 */

/**
 * Why an item waits: a tool call needing approval, a tool asking the user a question,
 * or a call in doubt (`in-doubt`): a resumed run found the call started (its intent is
 * in the run's journal) but not its outcome, and its tool does not declare running
 * twice safe (`effects: "once"`, the default), so a person or a handler decides.
 */
export type InterruptionKind = "approval" | "question" | "in-doubt";

/** The `payload` of an `in-doubt` {@link Interruption}: what is known of the call that may have run. */
export interface InDoubtPayload {
  /** The call's `context.idempotencyKey`: look it up where the tool made its effect. */
  readonly idempotencyKey: string;
  /** How many times the call was started so far. */
  readonly attempt: number;
  /** Milliseconds since the epoch when its last attempt started. */
  readonly startedAt: number;
}

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
   * What the tool asked (`kind: "question"`: the value given to `ctx.askUser`), what the
   * approval check attached (`kind: "approval"`), or what is known of a call in doubt
   * (`kind: "in-doubt"`: an {@link InDoubtPayload}); absent when there is nothing more to say.
   */
  readonly payload?: unknown;
}

/** A person's answer to an approval: run the call, or refuse it with a reason the model reads. */
export type ApprovalDecision = { readonly approve: true } | { readonly approve: false; readonly reason?: string };

/** A person's answer to a tool's question: `ctx.askUser` resolves with `answer`. */
export interface AnswerDecision {
  readonly answer: unknown;
}

/**
 * The decision on a call in doubt: run it again (`{ runAgain: true }`: its effect did
 * not happen, or repeating it is safe now), take a result for it without running it
 * (`{ result }`: its effect happened; the model reads this result), or fail it
 * (`{ fail: reason }`: the model reads the reason as the call's error).
 */
export type InDoubtDecision = { readonly runAgain: true } | { readonly result: unknown } | { readonly fail: string };

/** The answer to one {@link Interruption}. */
export type InterruptDecision = ApprovalDecision | AnswerDecision | InDoubtDecision;

/** Decisions by interruption id (the tool call's id). */
export type InterruptDecisions = Readonly<Record<string, InterruptDecision>>;

/** The text the model reads for a call a person refused. */
export function rejectionText(reason?: string): string {
  const base = "The user rejected this tool call, so it was not run.";
  return reason !== undefined && reason.trim().length > 0 ? `${base} Reason: ${reason.trim()}` : base;
}
