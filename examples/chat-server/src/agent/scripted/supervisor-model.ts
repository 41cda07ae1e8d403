import type { ModelRequest, ToolResultPart } from "@baton/sdk";
import { scriptedModel, type ScriptedModel, type ScriptedTurnObject } from "@baton/testing";
import type { Pace } from "../pace.js";
import type { ClockResult } from "../tools/clock-tool.js";
import type { ResearchResult } from "../tools/research-tool.js";
import { lastUserText, toolResultsSinceQuestion } from "./conversation.js";
import { SCRIPTED_MODEL_INFO } from "./model-info.js";
import { textChunks } from "./text-chunks.js";

/** What the supervisor says before it calls its tools. */
export const SUPERVISOR_OPENING = "Let me put two researchers on this in parallel, and check the clock while they work.";

/**
 * A scripted model playing the supervisor. Every turn reads the conversation:
 * first it thinks briefly (reasoning), says what it will do, and calls `research`
 * and `clock` in one batch; once their results are in, it writes the answer from
 * the researchers' findings, streamed in chunks.
 */
export function supervisorModel(pace: Pace): ScriptedModel {
  return scriptedModel([(request) => supervisorTurn(request, pace)], { id: "scripted-supervisor", repeatLast: true, models: SCRIPTED_MODEL_INFO });
}

function supervisorTurn(request: ModelRequest, pace: Pace): ScriptedTurnObject {
  const question = lastUserText(request.messages);
  const results = toolResultsSinceQuestion(request.messages);
  if (results.length === 0) {
    return {
      reasoning: textChunks(`The user asks: “${question}”. One researcher should find the direct facts, another the context; the clock is a quick call.`),
      text: textChunks(SUPERVISOR_OPENING),
      toolCalls: [
        { name: "research", arguments: { question } },
        { name: "clock", arguments: {} },
      ],
      chunkDelayMs: pace.ms(45),
    };
  }
  return { text: textChunks(finalAnswer(results)), chunkDelayMs: pace.ms(35) };
}

/** The supervisor's answer from the tool results of its batch: the findings, then the clock's time. */
export function finalAnswer(results: readonly ToolResultPart[]): string {
  const research = results.find((part) => part.toolName === "research");
  const clock = results.find((part) => part.toolName === "clock");
  const clockLine = clock !== undefined && clock.isError !== true ? `(Server clock: ${(clock.result as ClockResult).time}.)` : undefined;
  const body =
    research === undefined || research.isError === true
      ? [`The research failed: ${String(research?.result ?? "no result")}.`]
      : [
          "Here is what my two researchers found.",
          ...(research.result as ResearchResult).findings.map((finding) => `${finding.angle === "facts" ? "Facts" : "Context"}: ${finding.answer}`),
        ];
  return [...body, ...(clockLine === undefined ? [] : [clockLine])].join("\n\n");
}
