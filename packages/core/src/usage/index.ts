export type { TokenUsage, ModelPricing, Usage, UsageTotals } from "./usage.js";
export { ZERO_TOKEN_USAGE, addTokenUsage, costOf, totalUsage, tokenCount, validTokenUsage, validUsage } from "./usage.js";
