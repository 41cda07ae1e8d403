import { ConfigurationError } from "@baton/core";
import type { LoopLimits } from "./detect-loop.js";
import type { LoopDetectionOptions } from "./loop-detection-types.js";

const DEFAULT_WINDOW = 10;
const DEFAULT_MAX_IDENTICAL_CALLS = 3;
const DEFAULT_MAX_REPEATED_TEXT = 3;

function integerAtLeast(name: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw new ConfigurationError(`loopDetection: \`${name}\` must be an integer of at least ${min} (got ${value}).`);
  return value;
}

/**
 * The limits of loop detection's options, with their defaults (window 10, 3 identical
 * calls, 3 repeated texts).
 *
 * @throws ConfigurationError when a limit is not an integer, the window is below 1 or
 *   a repetition limit below 2.
 */
export function loopLimitsOf(options: LoopDetectionOptions): LoopLimits {
  return {
    window: integerAtLeast("window", options.window, DEFAULT_WINDOW, 1),
    maxIdenticalCalls: integerAtLeast("maxIdenticalCalls", options.maxIdenticalCalls, DEFAULT_MAX_IDENTICAL_CALLS, 2),
    maxRepeatedText: integerAtLeast("maxRepeatedText", options.maxRepeatedText, DEFAULT_MAX_REPEATED_TEXT, 2),
  };
}
