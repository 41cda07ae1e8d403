import { BatonError } from "@baton/core";
import { TOKENS_ERROR_CODES } from "../errors/tokens-error-codes.js";

/**
 * The request cannot be made to fit the model's window with the strategies given:
 * `tokens` is what the smallest request the engine could build still needs, `limit`
 * what it may use (context limit minus reserved output), and `excess` the difference.
 */
export class ContextOverflowError extends BatonError {
  /** Tokens the request exceeds the limit by. */
  readonly excess: number;

  constructor(
    readonly tokens: number,
    readonly limit: number,
  ) {
    const excess = tokens - limit;
    super(TOKENS_ERROR_CODES.CONTEXT_OVERFLOW, `The request needs ${tokens} tokens but only ${limit} fit; it is ${excess} tokens over the limit.`, {
      details: { tokens, limit, excess },
    });
    this.excess = excess;
  }
}
