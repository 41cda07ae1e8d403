import { createAgent, type Agent } from "baton";
import type { ScriptedModel } from "baton/testing";
import { DEFAULT_NOTES_DIR } from "./notes/note-store.js";
import { createResearchModel } from "./scripted/research-script.js";
import { researchTools } from "./tools/research-tools.js";

/** The question asked when none is given on the command line. */
export const DEFAULT_QUESTION = "How many known moons do Mars and Jupiter have together?";

/** Said at the start of every run, so nobody mistakes the scripted model for a real one. */
export const SCRIPTED_MODEL_NOTICE =
  "No model provider is configured yet: this run uses a scripted model that plays the model's part; the tools are real.";

/** The assistant's instructions. */
export const INSTRUCTIONS =
  "You are a research assistant. Answer from the research notes only: search them, read a whole note when a passage is not enough, " +
  "use the calculator for arithmetic, and name the notes you used.";

/** Options of {@link createResearchAssistant}. */
export interface ResearchAssistantOptions {
  /** Folder of Markdown notes. Default: the example's `notes/`. */
  readonly notesDir?: string;
  /** Milliseconds between streamed answer chunks. Default 0. */
  readonly chunkDelayMs?: number;
}

/** The agent and the scripted model playing the model's part (inspect `model.requests` in tests). */
export interface ResearchAssistant {
  readonly agent: Agent;
  readonly model: ScriptedModel;
}

/**
 * The research assistant: an agent with `search_notes`, `read_note` and `calculator`
 * over the example's notes. Until provider adapters exist it runs on a scripted model
 * (see `createResearchModel`); swapping in a real provider is a one-line change here.
 */
export function createResearchAssistant(options: ResearchAssistantOptions = {}): ResearchAssistant {
  const model = createResearchModel(options.chunkDelayMs === undefined ? {} : { chunkDelayMs: options.chunkDelayMs });
  const agent = createAgent({
    name: "research-assistant",
    provider: model,
    model: "scripted-researcher",
    instructions: INSTRUCTIONS,
    tools: researchTools(options.notesDir ?? DEFAULT_NOTES_DIR),
    maxIterations: 6,
    toolCallLimit: 10,
  });
  return { agent, model };
}
