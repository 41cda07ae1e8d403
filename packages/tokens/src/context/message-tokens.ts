import type { Message, TokenCounter, ToolDefinition } from "@baton/core";

/** Messages beyond the exact limit that {@link MessageTokens.total} still counts exactly. */
export const EXACT_TAIL = 64;

/**
 * Token counts of single messages for one model, cached by message identity, so a
 * message is counted once however often the engine looks at it. A request costs
 * `overhead` (the chat format's fixed cost and the tool definitions) plus the sum of
 * its messages.
 */
export class MessageTokens {
  /** Tokens of a request without messages: the fixed cost and the tool definitions. */
  readonly overhead: number;
  /** Tokens of an empty request without tools, subtracted from single-message counts. */
  private readonly base: number;
  private readonly cache = new WeakMap<Message, number>();

  constructor(
    private readonly counter: TokenCounter,
    readonly model: string,
    tools?: readonly ToolDefinition[],
  ) {
    this.base = counter.countMessages([], { model }).tokens;
    this.overhead = tools && tools.length > 0 ? counter.countMessages([], { model, tools }).tokens : this.base;
  }

  /** Tokens one message adds to a request. */
  of(message: Message): number {
    let tokens = this.cache.get(message);
    if (tokens === undefined) {
      tokens = this.counter.countMessages([message], { model: this.model }).tokens - this.base;
      this.cache.set(message, tokens);
    }
    return tokens;
  }

  /** Tokens of a text. */
  text(text: string): number {
    return this.counter.countText(text, this.model).tokens;
  }

  /** Tokens of a whole request made of `messages`. */
  request(messages: readonly Message[]): number {
    let total = this.overhead;
    for (const message of messages) total += this.of(message);
    return total;
  }

  /**
   * Tokens of `messages` for reports. The newest messages are counted exactly up to
   * `exactLimit` tokens; older ones are taken from the cache when counted before,
   * and at most 64 more (`EXACT_TAIL`) are counted; beyond that the rest is
   * estimated from the average of the counted ones, so a huge history is not run
   * through the tokenizer just to report its size. `exact` says whether every
   * message was counted.
   */
  total(messages: readonly Message[], exactLimit: number): { readonly tokens: number; readonly exact: boolean } {
    let total = this.overhead;
    let i = messages.length - 1;
    for (; i >= 0 && total <= exactLimit; i--) total += this.of(messages[i]!);
    for (let extra = 0; i >= 0; i--) {
      const cached = this.cache.get(messages[i]!);
      if (cached !== undefined) total += cached;
      else if (extra++ < EXACT_TAIL) total += this.of(messages[i]!);
      else break;
    }
    if (i < 0) return { tokens: total, exact: true };
    const counted = messages.length - 1 - i;
    const average = counted > 0 ? (total - this.overhead) / counted : 0;
    return { tokens: Math.round(total + average * (i + 1)), exact: false };
  }

  /**
   * Tokens of `messages`, counted from the newest backwards; stops (returning a
   * number over `limit`) as soon as the limit is passed, so the cost follows the
   * window, not the history.
   */
  requestUpTo(messages: readonly Message[], limit: number): number {
    let total = this.overhead;
    for (let i = messages.length - 1; i >= 0 && total <= limit; i--) total += this.of(messages[i]!);
    return total;
  }
}

/** A character-based estimate of a message's tokens (4 characters a token, 3 per message). */
export function approximateTokens(message: Message): number {
  if (message.role === "system") return Math.ceil(message.content.length / 4) + 3;
  let chars = 0;
  for (const part of message.content) {
    switch (part.type) {
      case "text":
      case "reasoning":
        chars += part.text.length;
        break;
      case "image":
        chars += 340;
        break;
      case "tool-call":
        chars += part.toolName.length + (part.rawArguments ?? JSON.stringify(part.arguments) ?? "").length;
        break;
      case "tool-result":
        chars += part.toolName.length + (typeof part.result === "string" ? part.result.length : (JSON.stringify(part.result) ?? "").length);
        break;
    }
  }
  return Math.ceil(chars / 4) + 3;
}
