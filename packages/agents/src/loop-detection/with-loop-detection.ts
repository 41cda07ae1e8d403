import {
  ConfigurationError,
  userMessage,
  type AgentConfig,
  type AgentContext,
  type NoToolCallsDecision,
  type OrchestratorState,
  type SpecialToolOutcome,
  type ToolCallPart,
} from "@baton/core";
import { detectLoop, callSignature, rememberTurn, type LoopLimits } from "./detect-loop.js";
import { LOOP_DETECTION_STATE_KEY, loopDetectionState, type LoopDetectionState } from "./loop-detection-state.js";
import type { LoopAction, LoopDetection, LoopDetectionOptions } from "./loop-detection-types.js";
import { defaultLoopWarning, withWarning } from "./loop-warning.js";

const DEFAULT_WINDOW = 10;
const DEFAULT_MAX_IDENTICAL_CALLS = 3;
const DEFAULT_MAX_REPEATED_TEXT = 3;

function integerAtLeast(name: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw new ConfigurationError(`loopDetection: \`${name}\` must be an integer of at least ${min} (got ${value}).`);
  return value;
}

function limitsOf(options: LoopDetectionOptions): LoopLimits {
  return {
    window: integerAtLeast("window", options.window, DEFAULT_WINDOW, 1),
    maxIdenticalCalls: integerAtLeast("maxIdenticalCalls", options.maxIdenticalCalls, DEFAULT_MAX_IDENTICAL_CALLS, 2),
    maxRepeatedText: integerAtLeast("maxRepeatedText", options.maxRepeatedText, DEFAULT_MAX_REPEATED_TEXT, 2),
  };
}

/** The arguments a call is compared by: the parsed ones, or the raw text when they could not be parsed. */
function comparedArguments(call: ToolCallPart): unknown {
  return call.arguments ?? call.rawArguments ?? {};
}

/** The call a tool-repetition warning is attached to: the last call that repeated; for text, the batch's last call. */
function warnedCallId(detection: LoopDetection, calls: readonly ToolCallPart[]): string {
  if (detection.kind === "tool_repetition") {
    for (let i = calls.length - 1; i >= 0; i--) {
      const call = calls[i]!;
      if (call.toolName === detection.toolName && callSignature({ toolName: call.toolName, arguments: comparedArguments(call) }) === `${detection.toolName} ${detection.repeated}`) return call.toolCallId;
    }
  }
  return calls[calls.length - 1]!.toolCallId;
}

/**
 * Adds loop detection to an agent config. Each model turn's tool calls (name and
 * arguments, key order ignored) and text are remembered over a window of turns; a
 * call or a text repeated too often is a loop, and the configured action runs:
 *
 * - `warn`: the model sees a warning beside the tool results (appended to the result
 *   of the repeated call), or — after a turn without tool calls that the run continues
 *   from — as a user message. The next detection after a warning terminates.
 * - `terminate`: the run ends with stop reason `loop_detected`; the repeated calls do not run.
 * - a callback: decides per detection (`warn`, `terminate` or `continue`).
 *
 * Every detection is sent as a `loop-detected` event and recorded, with the action
 * taken, in `state.custom.loopDetection.detections` (see {@link loopDetectionsOf}).
 * The given config's own hooks still run first.
 *
 * @example
 * const config = withLoopDetection(myConfig, { maxIdenticalCalls: 3, action: "warn" });
 * const result = await run({ provider, model, input, tools, config });
 * if (result.stopReason === "loop_detected") console.log(loopDetectionsOf(result));
 */
export function withLoopDetection(config: AgentConfig, options: LoopDetectionOptions = {}): AgentConfig {
  const limits = limitsOf(options);
  const warningText = options.warningText ?? defaultLoopWarning;
  const configured = options.action ?? "warn";

  /** Runs the action for a detection: records it, emits the event, returns what to do. */
  const act = async (detection: LoopDetection, state: OrchestratorState, context: AgentContext, memory: LoopDetectionState): Promise<LoopAction> => {
    let action: LoopAction = typeof configured === "function" ? ((await configured(detection, state)) ?? "continue") : configured;
    if (action === "warn" && memory.warned) action = "terminate";
    if (action === "warn") memory.warned = true;
    memory.detections.push({ ...detection, action });
    context.emit({ type: "loop-detected", kind: detection.kind, action: action === "continue" ? "callback" : action, detail: detection.detail });
    if (action === "terminate") state.stopReason = "loop_detected";
    return action;
  };

  return {
    ...config,
    initializeAgentState(state: OrchestratorState): void {
      loopDetectionState(state);
      // An inner hook may in fact be asynchronous: hand its promise to the loop.
      return config.initializeAgentState?.call(config, state);
    },

    async processToolCalls(toolCalls: readonly ToolCallPart[], state: OrchestratorState, context: AgentContext): Promise<boolean> {
      if (config.processToolCalls && (await config.processToolCalls.call(config, toolCalls, state, context))) return true;
      const memory = loopDetectionState(state);
      const turn = rememberTurn(
        toolCalls.map((call) => ({ toolName: call.toolName, arguments: comparedArguments(call) })),
        state.lastText,
      );
      const detection = detectLoop(memory.turns, turn, limits, state.iteration);
      if (!detection) return false;
      const action = await act(detection, state, context, memory);
      if (action === "terminate") return true;
      if (action === "warn") memory.pendingWarning = { toolCallId: warnedCallId(detection, toolCalls), text: warningText(detection) };
      return false;
    },

    async handleSpecialTools(toolName, result, toolCall, context, state): Promise<SpecialToolOutcome | void> {
      const inner = await config.handleSpecialTools?.call(config, toolName, result, toolCall, context, state);
      const memory = state.custom[LOOP_DETECTION_STATE_KEY] as LoopDetectionState | undefined;
      const pending = memory?.pendingWarning;
      if (!memory || !pending || pending.toolCallId !== toolCall.toolCallId) return inner;
      delete memory.pendingWarning;
      const shown = inner && "modifiedResult" in inner ? inner.modifiedResult : result;
      return { ...(inner ?? {}), modifiedResult: withWarning(shown, pending.text) };
    },

    async onNoToolCalls(state, context, reason, toolCalls): Promise<NoToolCallsDecision> {
      const decision = config.onNoToolCalls
        ? await config.onNoToolCalls.call(config, state, context, reason, toolCalls)
        : { shouldContinue: reason !== "NO_CALLS_GENERATED" };
      if (reason !== "NO_CALLS_GENERATED") return decision;
      const memory = loopDetectionState(state);
      const detection = detectLoop(memory.turns, rememberTurn([], state.lastText), limits, state.iteration);
      // A turn that ends the run anyway is not a loop worth acting on.
      if (!detection || !decision.shouldContinue) return decision;
      const action = await act(detection, state, context, memory);
      if (action === "terminate") return { shouldContinue: false };
      if (action === "warn") state.inLoopMessages.push(userMessage(warningText(detection)));
      return decision;
    },
  };
}

/**
 * Loop detection as an agent config of its own (for an otherwise ordinary agent);
 * {@link withLoopDetection} adds it to an existing config.
 *
 * @example
 * await run({ provider, model, input, tools, config: loopDetection({ action: "terminate" }) });
 */
export function loopDetection(options: LoopDetectionOptions = {}): AgentConfig {
  return withLoopDetection({}, options);
}
