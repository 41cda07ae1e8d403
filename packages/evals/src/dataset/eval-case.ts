import type { RunBudget } from "../scorers/budget-scorer.js";
import type { Scorer } from "../scorers/scorer.js";

/** What a case expects of its run, each turned into a built-in scorer (a JSON or JSONL dataset can hold them). */
export interface CaseExpectations {
  /** The answer exactly (`exactAnswer`). */
  readonly answer?: string;
  /** Texts the answer contains (`answerContains`). */
  readonly contains?: string | readonly string[];
  /** A regular expression the answer matches (`answerMatches`; source text, no flags, or a `RegExp`). */
  readonly matches?: string | RegExp;
  /** Tools called, each by name or with arguments to match (`toolCalled`). */
  readonly toolCalled?: readonly (string | { readonly name: string; readonly arguments?: unknown })[];
  /** Tools called in this order (`toolSequence`). */
  readonly toolSequence?: readonly string[];
  /** No tool call failed (`noToolErrors`). */
  readonly noToolErrors?: boolean;
  /** Budgets the run stays within (`withinBudget`). */
  readonly budget?: RunBudget;
}

/** One case of a dataset: an input, what it expects, and scorers of its own. */
export interface EvalCase {
  /** A stable id for reports and comparisons (default: its position, `case-1`, …). */
  readonly id?: string;
  readonly input: string;
  readonly expect?: CaseExpectations;
  /** Scorers for this case alone, beside the eval's. */
  readonly scorers?: readonly Scorer[];
  /** Anything else the case carries (tags, notes), kept in its result. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}
