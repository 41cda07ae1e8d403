import { defineTool, type StopReason, type Tool } from "@baton/sdk";
import { ProgressGroup } from "@baton/events";
import { z } from "zod";
import type { Pace } from "../pace.js";
import { RESEARCH_ANGLES, type ResearchAngle } from "../scripted/research-angles.js";
import { researcherRequest } from "../scripted/researcher-request.js";

/** What one researcher found. */
export interface ResearchFinding {
  readonly angle: ResearchAngle["name"];
  /** Agent path of the researcher, e.g. `supervisor/researcher#2`. */
  readonly agentPath: string;
  readonly answer: string;
  readonly stopReason: StopReason;
}

/** What `research` returns: one finding per researcher, in {@link RESEARCH_ANGLES} order. */
export interface ResearchResult {
  readonly question: string;
  readonly findings: readonly ResearchFinding[];
}

/**
 * The supervisor's `research` tool: briefs two researcher sub-agents (facts and
 * context) and runs them in parallel with `ctx.runSubAgent`. Its progress group
 * "Research" has a briefing step and one step per researcher, ended `done` or
 * `failed` with the researcher's outcome.
 */
export function researchTool(pace: Pace): Tool<{ question: string }, ResearchResult> {
  return defineTool({
    name: "research",
    description: "Runs two researchers in parallel on a question, one for the direct facts and one for context, and returns what each found.",
    parameters: z.object({ question: z.string().min(1).max(2000).describe("The question to research.") }),
    // Its effects are its researchers' calls, journaled on their own: run again after a fault, it continues them.
    effects: "idempotent",
    execute: async ({ question }, ctx): Promise<ResearchResult> => {
      const progress = ProgressGroup.forTool(ctx, "Research", "RESEARCH");
      const briefing = progress.startStep(`Briefing ${RESEARCH_ANGLES.length} researchers`, "BRIEF");
      await briefing.send(RESEARCH_ANGLES.map((angle) => ({ kind: "text" as const, text: `${angle.label}: ${angle.task}` })));
      await pace.sleep(200, ctx.signal);
      await briefing.end();
      const findings = await Promise.all(
        RESEARCH_ANGLES.map(async (angle): Promise<ResearchFinding> => {
          const step = progress.startStep(`${angle.label} researcher at work`, "AGENT");
          const result = await ctx.runSubAgent(researcherRequest(angle, question, pace));
          const ok = result.stopReason === "completed";
          await step.send(ok ? `${result.agentPath} answered in ${result.iterations} model calls` : `${result.agentPath} stopped: ${result.stopReason}`);
          await step.end(ok ? "done" : "failed");
          return { angle: angle.name, agentPath: result.agentPath, answer: result.text, stopReason: result.stopReason };
        }),
      );
      return { question, findings };
    },
    summarize: ({ findings }) => findings.map((finding) => `${finding.angle}: ${finding.answer}`).join("\n"),
  });
}
