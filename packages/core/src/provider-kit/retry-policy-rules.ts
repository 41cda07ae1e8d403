import type { RetryPolicy } from "../model/retry-policy.js";
import { optionIs, type OptionRules } from "../options/check-options.js";

/** The rules of a {@link RetryPolicy} option, for `checkOptions` (`optionIs.optionsObject(RETRY_POLICY_RULES)`). */
export const RETRY_POLICY_RULES: OptionRules = {
  maxRetries: optionIs.nonNegativeInteger,
  initialDelayMs: optionIs.nonNegativeInteger,
  maxDelayMs: optionIs.nonNegativeInteger,
  maxRetryAfterMs: optionIs.nonNegativeInteger,
  jitter: { expected: "a number in [0, 1]", test: (v: unknown) => typeof v === "number" && v >= 0 && v <= 1 },
} satisfies Record<keyof RetryPolicy, unknown>;
