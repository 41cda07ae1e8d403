import { answerContains, answerMatches, exactAnswer } from "../scorers/answer-scorers.js";
import { withinBudget } from "../scorers/budget-scorer.js";
import type { Scorer } from "../scorers/scorer.js";
import { noToolErrors, toolCalled, toolSequence } from "../scorers/tool-scorers.js";
import type { CaseExpectations } from "./eval-case.js";

/** The built-in scorers a case's expectations stand for, in the order of the fields. */
export function expectationScorers(expect: CaseExpectations | undefined): Scorer[] {
  if (!expect) return [];
  const scorers: Scorer[] = [];
  if (expect.answer !== undefined) scorers.push(exactAnswer(expect.answer));
  if (expect.contains !== undefined) scorers.push(answerContains(expect.contains));
  if (expect.matches !== undefined) scorers.push(answerMatches(typeof expect.matches === "string" ? new RegExp(expect.matches) : expect.matches));
  for (const tool of expect.toolCalled ?? []) scorers.push(typeof tool === "string" ? toolCalled(tool) : toolCalled(tool.name, tool.arguments));
  if (expect.toolSequence !== undefined) scorers.push(toolSequence(expect.toolSequence));
  if (expect.noToolErrors) scorers.push(noToolErrors());
  if (expect.budget !== undefined) scorers.push(withinBudget(expect.budget));
  return scorers;
}
