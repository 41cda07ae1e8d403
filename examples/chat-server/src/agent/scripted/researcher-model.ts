import type { ModelRequest } from "@baton/sdk";
import { scriptedModel, type ScriptedModel, type ScriptedTurnObject } from "@baton/testing";
import type { SearchResult } from "../tools/search-tool.js";
import type { Pace } from "../pace.js";
import { lastUserText, toolResultsSinceQuestion } from "./conversation.js";
import { SCRIPTED_MODEL_INFO } from "./model-info.js";
import type { ResearchAngle } from "./research-angles.js";
import { textChunks } from "./text-chunks.js";

/**
 * A scripted model playing one researcher. Each turn reads the conversation: with
 * no search result yet it calls `search` with the question; then it answers with
 * the passage its angle asks for (best or runner-up), streamed in chunks.
 */
export function researcherModel(angle: ResearchAngle, pace: Pace): ScriptedModel {
  return scriptedModel([(request) => researcherTurn(request, angle, pace)], {
    id: `scripted-${angle.name}-researcher`,
    repeatLast: true,
    models: SCRIPTED_MODEL_INFO,
  });
}

function researcherTurn(request: ModelRequest, angle: ResearchAngle, pace: Pace): ScriptedTurnObject {
  const question = lastUserText(request.messages);
  const results = toolResultsSinceQuestion(request.messages).filter((part) => part.toolName === "search");
  if (results.length === 0) return { delayMs: pace.ms(150), toolCalls: [{ name: "search", arguments: { query: question } }] };
  const last = results.at(-1)!;
  const answer = last.isError === true ? `The search failed: ${String(last.result)}` : researcherAnswer(angle, last.result as SearchResult);
  return { text: textChunks(answer), chunkDelayMs: pace.ms(70) };
}

/** The researcher's answer for its angle from a search result. */
export function researcherAnswer(angle: ResearchAngle, result: SearchResult): string {
  const match = result.matches[angle.pick];
  if (match === undefined) {
    return angle.pick === 0
      ? "I found nothing about this in the knowledge base; it covers Baton's event streaming and light travel in the Solar System."
      : "I found no further context in the knowledge base.";
  }
  return `${match.text} (${match.source})`;
}
