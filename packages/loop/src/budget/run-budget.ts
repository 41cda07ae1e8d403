import type { CostBudgetExceededError, ModelRequest, TokenBudgetExceededError, Usage } from "@baton/core";
import { checkBudgets, projectCall, type CallProjection, type ProjectionInputs } from "./budget-check.js";

/** Tokens and dollars a model call in flight holds against a {@link RunBudget}. */
export interface BudgetHold {
  /** Replaces the held amount (the projection) with the call's reported usage. */
  update(tokens: number, costUsd: number): void;
  /** Gives the hold back; called when the call's usage record is added (or the call failed). Idempotent. */
  release(): void;
}

/**
 * The token and cost budgets of one run, shared by its main agent and every nested
 * sub-agent (sub-agents inherit the run's settings, so they hold the same object).
 * Usage counts as spent once its record is added; a call in flight holds its
 * projection, then its reported usage, until its record is added, so parallel
 * sub-agents cannot together overshoot by a whole call.
 */
export class RunBudget {
  private spentTokens = 0;
  private spentCost = 0;
  private readonly holds = new Set<{ tokens: number; costUsd: number }>();

  /**
   * @param tokenLimit total tokens (input + output) the run may use, or undefined.
   * @param costLimit US dollars the run may spend, or undefined.
   */
  constructor(
    readonly tokenLimit: number | undefined,
    readonly costLimit: number | undefined,
  ) {}

  /** Tokens spent plus tokens held by calls in flight. */
  get usedTokens(): number {
    let total = this.spentTokens;
    for (const hold of this.holds) total += hold.tokens;
    return total;
  }

  /** Dollars spent plus dollars held by calls in flight. Usage without a known cost counts as 0. */
  get usedCost(): number {
    let total = this.spentCost;
    for (const hold of this.holds) total += hold.costUsd;
    return total;
  }

  /** Counts a usage record as spent (every record of the run tree, once). */
  record(usage: Usage): void {
    this.spentTokens += usage.inputTokens + usage.outputTokens;
    this.spentCost += usage.costUsd ?? 0;
  }

  /** Holds `tokens` and `costUsd` for a call about to start. */
  hold(tokens: number, costUsd: number): BudgetHold {
    const entry = { tokens, costUsd };
    this.holds.add(entry);
    return {
      update: (nextTokens, nextCost) => {
        entry.tokens = nextTokens;
        entry.costUsd = nextCost;
      },
      release: () => {
        this.holds.delete(entry);
      },
    };
  }

  /** What the next model call may use at most (see {@link projectCall}). */
  project(request: ModelRequest, inputs: ProjectionInputs): CallProjection {
    return projectCall(this, request, inputs);
  }

  /** The error to stop the run with when the call would exceed a budget, else undefined (see {@link checkBudgets}). */
  exceeded(projection: CallProjection): TokenBudgetExceededError | CostBudgetExceededError | undefined {
    return checkBudgets(this, projection);
  }
}
