import type { Message, TokenCounter } from "@baton/core";
import { approximateTokens } from "../../src/context/message-tokens.js";

/**
 * A deterministic counter for tests: characters / 4 rounded up, plus 3 per message
 * (see `approximateTokens`), and 3 for the request itself.
 */
export const charCounter: TokenCounter = {
  countText: (text) => ({ tokens: Math.ceil(text.length / 4), exact: true }),
  countMessages: (messages: readonly Message[]) => {
    let tokens = 3;
    for (const message of messages) tokens += approximateTokens(message);
    return { tokens, exact: true };
  },
};
