import { STORE_EVERYTHING, type AgentConfig, type AgentContext, type OrchestratorState } from "@baton/core";
import { resolveEnableHint, type EnableHint } from "./enable-hint.js";
import { isLastIteration, requestFinalAnswer } from "./final-answer.js";
import { MAIN_THREAD_FINAL_ANSWER_INSTRUCTION, disabledToolsInstruction } from "./instructions.js";

/** Options of {@link mainThreadConfig}. */
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

function notifiedTools(state: OrchestratorState): string[] {
  const value = state.custom[NOTIFIED_KEY];
  if (Array.isArray(value)) return value as string[];
  const list: string[] = [];
  state.custom[NOTIFIED_KEY] = list;
  return list;
}

/**
 * The user-facing agent. It runs tools in parallel, stores everything
 * (`STORE_EVERYTHING`), and always ends with an answer:
 * - when the tool-call limit is reached, or the next call is the last one
 *   `maxIterations` allows, that call gets no tools and a final-answer instruction;
 * - when a tool is refused because it is not enabled for the user (its `shouldUse`
 *   returned false), the user is told how to enable it (as text, through
 *   `context.sendText`), the tool is removed from this run's tools, and the model is
 *   told to carry on without it (or the run ends, with `stopWhenToolDisabled`).
 *
 * @example
 * const result = await run({ provider, model: "gpt-4.1", input, tools, config: mainThreadConfig({
 *   enableHint: { image_gen: "Turn on Image generation in Settings → Tools." },
 * }) });
 */
export function mainThreadConfig(options: MainThreadOptions = {}): AgentConfig {
  const finalAnswerInstruction = options.finalAnswerInstruction ?? MAIN_THREAD_FINAL_ANSWER_INSTRUCTION;
  const modelInstruction = options.disabledToolsInstruction ?? disabledToolsInstruction;

  const onToolsDisabled = (state: OrchestratorState, context: AgentContext): boolean => {
    const refused = [...new Set(state.toolsNotEnabled)];
    const notified = notifiedTools(state);
    const fresh = refused.filter((name) => !notified.includes(name));
    if (fresh.length > 0) {
      const hints = fresh.map((name) => resolveEnableHint(name, context, options.enableHint));
      context.sendText((state.lastText.length > 0 ? "\n\n" : "") + hints.join("\n"));
      notified.push(...fresh);
    }
    // This run's registry is its own copy: removing the tool here does not touch the caller's.
    for (const name of refused) context.registry.unregister(name);
    if (options.stopWhenToolDisabled) return false;
    state.inLoopMessages.push({ role: "system", content: modelInstruction(refused) });
    return true;
  };

  return {
    useParallelTools: true,
    ...(options.toolCallLimit === undefined ? {} : { toolCallLimit: options.toolCallLimit }),
    ...(options.nonIterativeTools === undefined ? {} : { nonIterativeTools: options.nonIterativeTools }),
    finalAnswerInstruction,
    shouldContinueLoop(state) {
      if (!state.hasToolCalls) return false;
      // The next call is the last one allowed: make it answer instead of calling tools it could not follow up.
      if (!state.finalAnswerRequested && isLastIteration(state)) {
        requestFinalAnswer(state, finalAnswerInstruction);
        state.stopReason ??= "max_iterations";
      }
      return true;
    },
    shouldSendTools(state, tools) {
      return tools.length > 0 && !state.finalAnswerRequested && state.toolCallCount < state.toolCallLimit;
    },
    onNoToolCalls(state, context, reason) {
      if (reason === "LIMIT_REACHED") {
        requestFinalAnswer(state, finalAnswerInstruction);
        return { shouldContinue: true };
      }
      if (reason === "TOOLS_DISABLED") return { shouldContinue: onToolsDisabled(state, context) };
      return { shouldContinue: false };
    },
    getDataPolicy: () => STORE_EVERYTHING,
  };
}
