import type { RunResult } from "@baton/core";
import type { z } from "zod";
import { STRUCTURED_OUTPUT_STATE_KEY, type StructuredOutputState } from "./structured-output-state.js";

/**
 * The validated output of a run with structured output; undefined when the run ended
 * without a valid answer (an error, a limit, an abort) or had no structured output.
 * Pass the schema to get its output type.
 *
 * @example
 * const answer = outputOf(result, Answer);
 */
export function outputOf<S extends z.ZodType>(result: Pick<RunResult, "custom">, schema: S): z.output<S> | undefined;
export function outputOf<T = unknown>(result: Pick<RunResult, "custom">): T | undefined;
export function outputOf(result: Pick<RunResult, "custom">): unknown {
  const output = result.custom[STRUCTURED_OUTPUT_STATE_KEY] as StructuredOutputState | undefined;
  return output?.status === "valid" ? output.value : undefined;
}
