import type { SubAgentRequest } from "@baton/sdk";
import type { Pace } from "../pace.js";
import { searchTool } from "../tools/search-tool.js";
import { SCRIPTED_MODEL_ID } from "./model-info.js";
import type { ResearchAngle } from "./research-angles.js";
import { researcherModel } from "./researcher-model.js";

/** Name of the researcher sub-agents: their paths are `supervisor/researcher#1` and `#2`. */
export const RESEARCHER_NAME = "researcher";

/** The sub-agent request for one researcher: its own scripted model, the `search` tool and the question. */
export function researcherRequest(angle: ResearchAngle, question: string, pace: Pace): SubAgentRequest {
  return {
    name: RESEARCHER_NAME,
    input: question,
    instructions: angle.instructions,
    tools: [searchTool(pace)],
    provider: researcherModel(angle, pace),
    model: SCRIPTED_MODEL_ID,
    maxIterations: 3,
  };
}
