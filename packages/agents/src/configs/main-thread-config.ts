import { STORE_EVERYTHING, checkOptions, optionIs as is, type AgentConfig, type AgentState, type ToolBatchResult } from "@baton/core";
import { resolveEnableHint, type EnableHint } from "./enable-hint.js";
import { MAIN_THREAD_FINAL_ANSWER_INSTRUCTION, disabledToolsInstruction } from "./instructions.js";

/**
 * Options of {@link mainThreadConfig}.
 *
 * @example
 * mainThreadConfig({ toolCallLimit: 10, nonIterativeTools: ["memory"], stopWhenToolDisabled: true });
 */
export interface MainThreadOptions {
  /** Tool calls allowed per request (a run option still overrides it). Default: the loop's (25). */
  readonly toolCallLimit?: number;
  /** Tools whose calls do not count against the limit. */
  readonly nonIterativeTools?: readonly string[];
  /** The instruction of the last turn, sent with no tools. Default {@link MAIN_THREAD_FINAL_ANSWER_INSTRUCTION}. */
  readonly finalAnswerInstruction?: string;
  /** How to tell the user to enable a refused tool. Default: the tool's `enableHint`, else a generic hint. */
  readonly enableHint?: EnableHint;
  /** What the model is told after tools were refused. Default {@link disabledToolsInstruction}. */
  readonly disabledToolsInstruction?: (toolNames: readonly string[]) => string;
  /** End the run right after telling the user (stop reason `tools_disabled`) instead of letting the model go on without the tools. Default false. */
  readonly stopWhenToolDisabled?: boolean;
}

/** Where the main thread remembers which refused tools the user was already told about. */
const NOTIFIED_KEY = "mainThread.notifiedDisabledTools";

function notifiedTools(state: AgentState): string[] {
  const value = state.custom[NOTIFIED_KEY];
  if (Array.isArray(value)) return value as string[];
  const list: string[] = [];
  state.custom[NOTIFIED_KEY] = list;
  return list;
}

/** The tools of a batch refused because they are not enabled for the user (their `shouldUse` said no), once each. */
function refusedTools(results: readonly ToolBatchResult[]): string[] {
  return [...new Set(results.filter((entry) => entry.status === "not_enabled").map((entry) => entry.call.toolName))];
}

/**
 * The user-facing agent. It runs tools in parallel, stores everything
 * (`STORE_EVERYTHING`), and always ends with an answer:
 * - when the tool-call limit is reached (the loop's default), or the coming call is
 *   the last one `maxIterations` allows (its `prepareStep`: stop reason
 *   `max_iterations`), that call gets no tools and the final-answer instruction;
 * - when a tool is refused because it is not enabled for the user (its `shouldUse`
 *   returned false), its `afterToolBatch` tells the user how to enable it, once per
 *   tool (as text, through `context.sendText`: it comes before the next turn's text),
 *   and removes it from this run's tools; its `onStepEnd` then tells the model to carry
 *   on without it (or, with `stopWhenToolDisabled`, the run ends: `tools_disabled`).
 *
 * @example
 * const result = await run({ provider, model: "gpt-4.1", input, tools, config: mainThreadConfig({
 *   enableHint: { image_gen: "Turn on Image generation in Settings → Tools." },
 * }) });
 *
 * @throws ConfigurationError for an unknown option (accepted: `toolCallLimit`,
 *   `nonIterativeTools`, `finalAnswerInstruction`, `enableHint`,
 *   `disabledToolsInstruction`, `stopWhenToolDisabled`) or a value of the wrong type.
 */
export function mainThreadConfig(options: MainThreadOptions = {}): AgentConfig {
  checkOptions("mainThreadConfig", options, {
    toolCallLimit: is.nonNegativeInteger,
    nonIterativeTools: is.stringArray,
    finalAnswerInstruction: is.string,
    enableHint: is.either(is.object, is.function),
    disabledToolsInstruction: is.function,
    stopWhenToolDisabled: is.boolean,
  });
  const finalAnswerInstruction = options.finalAnswerInstruction ?? MAIN_THREAD_FINAL_ANSWER_INSTRUCTION;
  const modelInstruction = options.disabledToolsInstruction ?? disabledToolsInstruction;
  const stopWhenToolDisabled = options.stopWhenToolDisabled === true;

  return {
    useParallelTools: true,
    ...(options.toolCallLimit === undefined ? {} : { toolCallLimit: options.toolCallLimit }),
    ...(options.nonIterativeTools === undefined ? {} : { nonIterativeTools: options.nonIterativeTools }),
    finalAnswerInstruction,
    dataPolicy: STORE_EVERYTHING,

    prepareStep({ state, stepNumber, finalAnswer }) {
      // The coming call is the last one allowed: it answers instead of calling tools it could not follow up.
      if (finalAnswer || stepNumber === 0 || stepNumber < state.maxIterations - 1) return undefined;
      state.stopReason ??= "max_iterations";
      return { finalAnswer: true };
    },

    afterToolBatch({ state, context, results }) {
      const refused = refusedTools(results);
      if (refused.length === 0) return undefined;
      const notified = notifiedTools(state);
      const fresh = refused.filter((name) => !notified.includes(name));
      if (fresh.length > 0) {
        const hints = fresh.map((name) => resolveEnableHint(name, context, options.enableHint));
        context.sendText((state.lastText.length > 0 ? "\n\n" : "") + hints.join("\n"));
        notified.push(...fresh);
      }
      // This run's registry is its own copy: removing the tool here does not touch the caller's.
      for (const name of refused) context.registry.unregister(name);
      return stopWhenToolDisabled ? { stop: "tools_disabled" } : undefined;
    },

    onStepEnd({ state, results }) {
      if (stopWhenToolDisabled) return;
      // After the batch's results, so the model reads it last.
      const refused = refusedTools(results);
      if (refused.length > 0) state.inLoopMessages.push({ role: "system", content: modelInstruction(refused) });
    },
  };
}
