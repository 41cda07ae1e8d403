import { STORE_EVERYTHING, checkOptions, optionIs as is, type AgentConfig } from "@baton/core";
import { RESEARCHER_FINAL_ANSWER_INSTRUCTION } from "./instructions.js";
import { exceptToolsPolicy } from "./tool-name-policy.js";

/**
 * Default tool-call limit of a researcher.
 *
 * @example
 * researcherConfig({ toolCallLimit: DEFAULT_RESEARCHER_TOOL_CALL_LIMIT / 2 });
 */
export const DEFAULT_RESEARCHER_TOOL_CALL_LIMIT = 10;

/**
 * Options of {@link researcherConfig}.
 *
 * @example
 * researcherConfig({ toolCallLimit: 5, excludeFromStorage: ["search_history"] });
 */
export interface ResearcherOptions {
  /** Tool calls a researcher may make. Default {@link DEFAULT_RESEARCHER_TOOL_CALL_LIMIT}. */
  readonly toolCallLimit?: number;
  /** The instruction of its last turn. Default {@link RESEARCHER_FINAL_ANSWER_INSTRUCTION}. */
  readonly finalAnswerInstruction?: string;
  /** Tools whose calls and results are never stored when a researcher runs as a stored top-level run. */
  readonly excludeFromStorage?: readonly string[];
}

/**
 * A researcher sub-agent: runs its tools in parallel and is always offered its tools
 * (its `prepareStep` offers them also on the last turn, with the final-answer
 * instruction, so providers that reject tool calls in a conversation without tool
 * definitions accept it; calls of that last turn are not run).
 * Its hooks only read the plan they are given: started through `ctx.runSubAgent` it
 * has its own state, messages, tools and event cursor, and only its `RunResult`
 * reaches the parent. It keeps no state between runs, so one config may serve many
 * researchers at once.
 *
 * @example
 * const result = await ctx.runSubAgent({ name: "researcher", input: topic, tools, config: researcherConfig() });
 *
 * @throws ConfigurationError for an unknown option (accepted: `toolCallLimit`,
 *   `finalAnswerInstruction`, `excludeFromStorage`) or a value of the wrong type.
 */
export function researcherConfig(options: ResearcherOptions = {}): AgentConfig {
  checkOptions("researcherConfig", options, { toolCallLimit: is.nonNegativeInteger, finalAnswerInstruction: is.string, excludeFromStorage: is.stringArray });
  const excluded = options.excludeFromStorage ?? [];
  return {
    useParallelTools: true,
    toolCallLimit: options.toolCallLimit ?? DEFAULT_RESEARCHER_TOOL_CALL_LIMIT,
    finalAnswerInstruction: options.finalAnswerInstruction ?? RESEARCHER_FINAL_ANSWER_INSTRUCTION,
    dataPolicy: excluded.length > 0 ? exceptToolsPolicy(excluded) : STORE_EVERYTHING,
    prepareStep: ({ tools }) => ({ activeTools: tools.map((tool) => tool.name) }),
  };
}
