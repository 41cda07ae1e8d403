import { canonicalJson } from "./canonical-json.js";
import type { LoopDetection } from "./loop-detection-types.js";
import type { RememberedTurn } from "./loop-detection-state.js";

/** The limits the detector applies. */
export interface LoopLimits {
  readonly window: number;
  readonly maxIdenticalCalls: number;
  readonly maxRepeatedText: number;
}

/** A tool call as the detector compares it. */
export interface ComparedCall {
  readonly toolName: string;
  readonly arguments: unknown;
}

/** The signature of a call: its name and canonical arguments (key order ignored). */
export function callSignature(call: ComparedCall): string {
  return `${call.toolName} ${canonicalJson(call.arguments)}`;
}

/** Text with runs of whitespace collapsed and the ends trimmed. */
export function normaliseText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Builds the remembered form of a turn. */
export function rememberTurn(calls: readonly ComparedCall[], text: string): RememberedTurn {
  return { calls: calls.map(callSignature), text: normaliseText(text) };
}

function excerpt(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Adds a turn to the window (dropping turns older than `window`) and checks the new
 * turn: a tool-call signature or a non-empty text of this turn that occurs at least
 * the allowed number of times within the window is a loop. Tool repetition is
 * checked first. Only repetitions involving the new turn count, so an old loop the
 * model left behind is not reported again.
 */
export function detectLoop(turns: RememberedTurn[], turn: RememberedTurn, limits: LoopLimits, iteration: number): LoopDetection | undefined {
  turns.push(turn);
  while (turns.length > limits.window) turns.shift();
  const window = turns.length;
  for (const signature of new Set(turn.calls)) {
    let count = 0;
    for (const remembered of turns) for (const call of remembered.calls) if (call === signature) count++;
    if (count >= limits.maxIdenticalCalls) {
      const space = signature.indexOf(" ");
      const toolName = signature.slice(0, space);
      const args = signature.slice(space + 1);
      return {
        kind: "tool_repetition",
        toolName,
        repeated: args,
        count,
        window: limits.window,
        iteration,
        detail: `Tool "${toolName}" was called ${count} times with the same arguments ${excerpt(args)} within the last ${window} turns.`,
      };
    }
  }
  if (turn.text.length > 0) {
    let count = 0;
    for (const remembered of turns) if (remembered.text === turn.text) count++;
    if (count >= limits.maxRepeatedText) {
      return {
        kind: "text_repetition",
        repeated: turn.text,
        count,
        window: limits.window,
        iteration,
        detail: `The same text was written ${count} times within the last ${window} turns: "${excerpt(turn.text)}".`,
      };
    }
  }
  return undefined;
}
