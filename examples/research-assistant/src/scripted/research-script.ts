import type { ModelRequest } from "@baton/sdk";
import { scriptedModel, type ScriptedModel, type ScriptedTurnObject } from "@baton/testing";
import { findMoonCount, moonTotalBodies, type MoonCount } from "./moon-question.js";
import { lastUserText, toolResultsSinceQuestion } from "./conversation.js";
import { isCalculatorResult, lastCalculatorResult, searchMatches } from "./tool-results.js";
import { textChunks } from "./text-chunks.js";

/** Options of {@link createResearchModel}. */
export interface ResearchModelOptions {
  /** Milliseconds between streamed answer chunks, so the terminal shows the streaming. Default 0. */
  readonly chunkDelayMs?: number;
}

/**
 * A scripted model that plays a research assistant's part. Every turn is the same
 * function: it reads the conversation (the question and the tool results so far)
 * and decides the next step, so the tools' real results drive the run.
 *
 * - "How many moons do A and B have together?": search the notes for each body in
 *   parallel, then call the calculator with the counts read from the passages, then
 *   answer with the calculator's result.
 * - Any other question: search the notes once, then quote the best passage.
 */
export function createResearchModel(options: ResearchModelOptions = {}): ScriptedModel {
  const chunkDelayMs = options.chunkDelayMs ?? 0;
  const answer = (text: string): ScriptedTurnObject => ({ text: textChunks(text), chunkDelayMs });
  return scriptedModel([(request) => researchTurn(request, answer)], { id: "scripted-researcher", repeatLast: true });
}

/** The next turn for the conversation in `request`. */
function researchTurn(request: ModelRequest, answer: (text: string) => ScriptedTurnObject): ScriptedTurnObject {
  const question = lastUserText(request.messages);
  const results = toolResultsSinceQuestion(request.messages);
  const bodies = moonTotalBodies(question);

  if (results.length === 0) {
    const queries = bodies?.map((body) => `${body} moons`) ?? [question];
    return { toolCalls: queries.map((query) => ({ name: "search_notes", arguments: { query } })) };
  }
  if (bodies === undefined) return answer(quoteBestPassage(question, results));

  const counts = bodies.map((body) => findMoonCount(body, searchMatches(results)));
  const missing = bodies.filter((_, i) => counts[i] === undefined);
  if (missing.length > 0)
    return answer(`My notes do not say how many moons ${missing.join(" and ")} ${missing.length === 1 ? "has" : "have"}, so I cannot add them up.`);
  const found = counts as MoonCount[];

  const calculation = lastCalculatorResult(results);
  if (calculation === undefined) {
    return { toolCalls: [{ name: "calculator", arguments: { expression: found.map((c) => c.count).join(" + ") } }] };
  }
  if (!isCalculatorResult(calculation.result)) return answer(`I read the moon counts from the notes, but the calculator failed: ${String(calculation.result)}`);
  const { expression, result } = calculation.result;
  return answer(`According to my notes, ${describeCounts(found)}. Together that makes ${expression} = ${result} known moons.`);
}

/** "Mars has 2 known moons (mars.md) and Jupiter has 95 (jupiter.md)". */
function describeCounts(counts: readonly MoonCount[]): string {
  const parts = counts.map((c, i) => `${c.body} has ${c.count}${i === 0 ? " known moons" : ""} (${c.note})`);
  return parts.length <= 2 ? parts.join(" and ") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

function quoteBestPassage(question: string, results: Parameters<typeof searchMatches>[0]): string {
  const best = searchMatches(results)[0];
  if (best === undefined) return `I found nothing about "${question}" in my notes. They cover the planets from Mercury to Neptune and their moons.`;
  return (
    `The best match in my notes is in ${best.note} (score ${best.score}):\n\n"${best.passage}"\n\n` +
    "(This scripted model can only quote the notes; a real model will answer in its own words.)"
  );
}
