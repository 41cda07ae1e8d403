import { syncMcpTools, type McpServerConnection } from "@baton/mcp";
import { createAgent, type Agent, type Storage } from "@baton/sdk";
import type { ScriptedModel } from "@baton/testing";
import { DEFAULT_NOTES_DIR } from "./notes/note-store.js";
import { chooseModel, type ChosenModel, type ModelEnvironment } from "./provider/choose-model.js";
import { researchTools } from "./tools/research-tools.js";

export { SCRIPTED_MODEL_NOTICE } from "./provider/choose-model.js";

/** The question asked when none is given on the command line. */
export const DEFAULT_QUESTION = "How many known moons do Mars and Jupiter have together?";

/** The assistant's instructions. */
export const INSTRUCTIONS =
  "You are a research assistant. Answer from the research notes only: search them, read a whole note when a passage is not enough, " +
  "use the calculator for arithmetic, and name the notes you used.";

/** Options of {@link createResearchAssistant}. */
export interface ResearchAssistantOptions {
  /** Folder of Markdown notes. Default: the example's `notes/`. */
  readonly notesDir?: string;
  /** Milliseconds between streamed answer chunks of the scripted model. Default 0. */
  readonly chunkDelayMs?: number;
  /** Where the provider is read from (see `chooseModel`). Default: none, so the scripted model. */
  readonly env?: ModelEnvironment;
  /** Where runs and conversations are persisted (see `chooseStorage`). Default: nowhere. */
  readonly storage?: Storage;
  /** The end user, stored with the conversation's messages and usage. */
  readonly userId?: string;
  /**
   * MCP servers (`--mcp`, see `openMcpServers`) whose tools the assistant gets: `ask`
   * starts them and adds their tools to `agent.tools` before the run, and each run
   * takes their latest tools between steps (a server's `tools/list_changed`).
   */
  readonly mcpServers?: readonly McpServerConnection[];
  /** The model to run on instead of the one `chooseModel` picks from `env` (a test's scripted model). */
  readonly model?: ChosenModel;
  /** Instructions instead of {@link INSTRUCTIONS} (an eval trying a change of them). */
  readonly instructions?: string;
}

/** The agent, what it runs on, and the scripted model when that plays the model's part (inspect `scripted.requests` in tests). */
export interface ResearchAssistant {
  readonly agent: Agent;
  /** Which provider and model, or that the model is scripted. */
  readonly notice: string;
  readonly scripted?: ScriptedModel;
}

/**
 * The research assistant: an agent with `search_notes`, `read_note` and `calculator`
 * over the example's notes, on the provider the environment names (OpenAI, an
 * OpenAI-compatible server, Anthropic or Google), or on a scripted model when none is set.
 * With `mcpServers`, the tools of those MCP servers join them (added by `ask`).
 */
export function createResearchAssistant(options: ResearchAssistantOptions = {}): ResearchAssistant {
  const chosen = options.model ?? chooseModel(options.env ?? {}, options.chunkDelayMs === undefined ? {} : { chunkDelayMs: options.chunkDelayMs });
  const mcpServers = options.mcpServers ?? [];
  const agent = createAgent({
    name: "research-assistant",
    provider: chosen.provider,
    model: chosen.model,
    instructions: options.instructions ?? INSTRUCTIONS,
    tools: researchTools(options.notesDir ?? DEFAULT_NOTES_DIR),
    maxIterations: 6,
    toolCallLimit: 10,
    ...(mcpServers.length === 0 ? {} : { config: syncMcpTools(...mcpServers) }),
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.userId === undefined ? {} : { userId: options.userId }),
  });
  return { agent, notice: chosen.notice, ...(chosen.scripted ? { scripted: chosen.scripted } : {}) };
}
