import type { Scorer } from "./scorer.js";
import { matchesValue } from "./value-matcher.js";

/**
 * Passes when the run called the tool `name`, and, when `args` is given, with
 * arguments that match it (see `matchesValue`: a partial object, regular expressions,
 * predicates, `expect.any(String)`).
 *
 * @example
 * toolCalled("search", { query: /weather/i })
 */
export function toolCalled(name: string, args?: unknown): Scorer {
  const label = `toolCalled(${JSON.stringify(name)}${args === undefined ? "" : ", …"})`;
  return {
    name: label,
    score({ result }) {
      const calls = result.toolCalls.filter((call) => call.toolName === name);
      const passed = calls.some((call) => args === undefined || matchesValue(call.arguments, args));
      const reason = passed
        ? `${name} was called`
        : calls.length === 0
          ? `${name} was not called (called: ${[...new Set(result.toolCalls.map((call) => call.toolName))].join(", ") || "no tool"})`
          : `${name} was called ${calls.length} time(s), never with matching arguments (first: ${JSON.stringify(calls[0]!.arguments)})`;
      return { name: label, score: passed ? 1 : 0, passed, reason };
    },
  };
}

/** Options of {@link toolSequence}. */
export interface ToolSequenceOptions {
  /** Require exactly these calls and no others (default false: these in this order, others allowed between them). */
  readonly exact?: boolean;
}

/** Passes when the run called these tools in this order; scores the share of the sequence it followed. */
export function toolSequence(names: readonly string[], options: ToolSequenceOptions = {}): Scorer {
  const label = `toolSequence(${names.join(" → ")}${options.exact ? ", exact" : ""})`;
  return {
    name: label,
    score({ result }) {
      const called = result.toolCalls.map((call) => call.toolName);
      let followed = 0;
      for (const name of called) if (followed < names.length && name === names[followed]) followed++;
      const passed = options.exact ? called.length === names.length && called.every((name, index) => name === names[index]) : followed === names.length;
      const score = names.length === 0 ? (passed ? 1 : 0) : passed ? 1 : followed / names.length;
      return { name: label, score, passed, reason: passed ? "the calls follow the sequence" : `the calls were ${called.join(" → ") || "none"}` };
    },
  };
}

/** Passes when no tool call of the run ended in an error (an error, invalid arguments, a timeout, a refusal, …). */
export function noToolErrors(): Scorer {
  const name = "noToolErrors";
  return {
    name,
    score({ result }) {
      const failed = result.toolCalls.filter((call) => call.status !== "ok");
      const passed = failed.length === 0;
      const score = result.toolCalls.length === 0 ? 1 : (result.toolCalls.length - failed.length) / result.toolCalls.length;
      const reason = passed
        ? "every tool call succeeded"
        : failed.map((call) => `${call.toolName} (${call.status}${call.error ? `: ${call.error.message}` : ""})`).join("; ");
      return { name, score, passed, reason };
    },
  };
}
