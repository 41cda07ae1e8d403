import type { Message, TokenUsage, UsagePart } from "@baton/core";

/** Deterministic token estimate: a quarter of the character count, rounded up. */
export function estimateTokens(characters: number): number {
  return Math.ceil(characters / 4);
}

/** Default input tokens of a request: `ceil(JSON.stringify(messages).length / 4)`. */
export function estimateInputTokens(messages: readonly Message[]): number {
  return estimateTokens(JSON.stringify(messages).length);
}

/** A frozen usage part. */
export function usagePart(usage: TokenUsage): UsagePart {
  return Object.freeze({ type: "usage", usage: Object.freeze(usage) });
}
