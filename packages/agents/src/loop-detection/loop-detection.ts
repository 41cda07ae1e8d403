import { checkOptions, optionIs as is, userMessage, type AgentConfig, type AgentContext, type AgentState, type ToolCallPart } from "@baton/core";
import { callSignature, detectLoop, rememberTurn } from "./detect-loop.js";
import { LOOP_DETECTION_STATE_KEY, loopDetectionState, type LoopDetectionState } from "./loop-detection-state.js";
import type { LoopAction, LoopDetection, LoopDetectionOptions } from "./loop-detection-types.js";
import { loopLimitsOf } from "./loop-limits.js";
import { defaultLoopWarning, withWarning } from "./loop-warning.js";

/** The arguments a call is compared by: the parsed ones, or the raw text when they could not be parsed. */
function comparedArguments(call: ToolCallPart): unknown {
  return call.arguments ?? call.rawArguments ?? {};
}

/** The call a warning is attached to: the last call that repeated; for text, the batch's last call. */
function warnedCallId(detection: LoopDetection, calls: readonly ToolCallPart[]): string {
  if (detection.kind === "tool_repetition") {
    const signature = `${detection.toolName} ${detection.repeated}`;
    for (let i = calls.length - 1; i >= 0; i--) {
      const call = calls[i]!;
      if (callSignature({ toolName: call.toolName, arguments: comparedArguments(call) }) === signature) return call.toolCallId;
    }
  }
  return calls[calls.length - 1]!.toolCallId;
}

/**
 * Loop detection as an agent config: it notices a model going round in circles. Each
 * model turn's tool calls (name and arguments, key order ignored) and text are
 * remembered over a window of turns; a call or a text repeated too often is a loop,
 * and the configured action runs:
 *
 * - `warn`: the model sees a warning beside the tool results (appended to the result
 *   of the repeated call), or — after a turn without tool calls that the run goes on
 *   from — as a user message. The next detection after a warning terminates, unless
 *   a turn with tool calls and no loop came between them (the model recovered; set
 *   `resetAfterCleanTurn: false` to keep the run warned for good).
 * - `terminate`: the run ends with stop reason `loop_detected`; the repeated calls do
 *   not run (the turn's text is kept).
 * - a callback: decides per detection (`warn`, `terminate` or `continue`).
 *
 * Its hooks: `beforeToolCalls` checks a turn's calls and text before they run (calls
 * dropped by an earlier config are left out), `afterToolBatch` attaches a warning to
 * the repeated call's result, `shouldStop` checks the text of a turn without tool
 * calls — acting only when the run goes on from it (a config composed before this one
 * continued it, say with a nudge): an answer that ends the run is no loop worth acting on.
 * Every detection is sent as a `loop-detected` event and recorded, with the action
 * taken, in `state.custom.loopDetection.detections` (see `loopDetectionsOf`).
 *
 * @example
 * const config = composeConfigs(mainThreadConfig(), loopDetection({ maxIdenticalCalls: 3, action: "warn" }));
 * const result = await run({ provider, model, input, tools, config });
 * if (result.stopReason === "loop_detected") console.log(loopDetectionsOf(result));
 *
 * @throws ConfigurationError for an unknown option (accepted: `window`,
 *   `maxIdenticalCalls`, `maxRepeatedText`, `action`, `resetAfterCleanTurn`,
 *   `warningText`), a value of the wrong type, a window below 1 or a repetition limit
 *   below 2.
 */
export function loopDetection(options: LoopDetectionOptions = {}): AgentConfig {
  checkOptions("loopDetection", options, {
    window: is.positiveInteger,
    maxIdenticalCalls: is.positiveInteger,
    maxRepeatedText: is.positiveInteger,
    action: is.either(is.oneOf("warn", "terminate"), is.function),
    resetAfterCleanTurn: is.boolean,
    warningText: is.function,
  });
  const limits = loopLimitsOf(options);
  const warningText = options.warningText ?? defaultLoopWarning;
  const configured = options.action ?? "warn";
  const resetAfterCleanTurn = options.resetAfterCleanTurn ?? true;

  /** Decides the action for a detection, records it and emits the event. */
  const act = async (detection: LoopDetection, state: AgentState, context: AgentContext, memory: LoopDetectionState): Promise<LoopAction> => {
    let action: LoopAction = typeof configured === "function" ? ((await configured(detection, state)) ?? "continue") : configured;
    if (action === "warn" && memory.warned) action = "terminate";
    if (action === "warn") memory.warned = true;
    memory.detections.push({ ...detection, action });
    context.emit({ type: "loop-detected", kind: detection.kind, action: action === "continue" ? "callback" : action, detail: detection.detail });
    return action;
  };

  return {
    onRunStart({ state }) {
      loopDetectionState(state);
    },

    async beforeToolCalls({ state, context, calls, text }) {
      const made = calls.filter((planned) => planned.decision.type !== "drop").map((planned) => planned.call);
      if (made.length === 0) return undefined;
      const memory = loopDetectionState(state);
      const turn = rememberTurn(
        made.map((call) => ({ toolName: call.toolName, arguments: comparedArguments(call) })),
        text,
      );
      const detection = detectLoop(memory.turns, turn, limits, state.iteration);
      if (!detection) {
        // A clean turn after a warning: the model recovered, and a later loop gets a warning of its own.
        if (memory.warned && resetAfterCleanTurn) memory.warned = false;
        return undefined;
      }
      const action = await act(detection, state, context, memory);
      if (action === "terminate") return { stop: "loop_detected" };
      if (action === "warn") memory.pendingWarning = { toolCallId: warnedCallId(detection, made), text: warningText(detection) };
      return undefined;
    },

    afterToolBatch({ state, results }) {
      const memory = state.custom[LOOP_DETECTION_STATE_KEY] as LoopDetectionState | undefined;
      const pending = memory?.pendingWarning;
      if (!memory || !pending) return undefined;
      delete memory.pendingWarning;
      const warned = results.find((entry) => entry.call.toolCallId === pending.toolCallId);
      return warned ? { results: { [pending.toolCallId]: withWarning(warned.result, pending.text) } } : undefined;
    },

    async shouldStop({ state, context, proposal, text, answered }) {
      if (!answered) return undefined;
      const memory = loopDetectionState(state);
      const detection = detectLoop(memory.turns, rememberTurn([], text), limits, state.iteration);
      if (!detection || proposal.stop) return undefined;
      const action = await act(detection, state, context, memory);
      if (action === "terminate") return "loop_detected";
      if (action === "warn") state.inLoopMessages.push(userMessage(warningText(detection)));
      return undefined;
    },
  };
}
