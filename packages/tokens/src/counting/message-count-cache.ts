import type { Message, ToolDefinition } from "@baton/core";

/**
 * Token counts remembered per message object and per tool-definition array, for one
 * encoding. Messages are immutable values in Baton, so a message object's count never
 * changes; the maps are weak, so a dropped conversation frees its entries.
 */
export class MessageCountCache {
  private readonly messages = new WeakMap<Message, number>();
  /** System messages counted with the newline OpenAI appends when tools are present. */
  private readonly paddedSystem = new WeakMap<Message, number>();
  private readonly tools = new WeakMap<readonly ToolDefinition[], number>();

  /** The count of `message`, computing and storing it with `compute` on a miss. */
  message(message: Message, padded: boolean, compute: (message: Message, padded: boolean) => number): number {
    const map = padded ? this.paddedSystem : this.messages;
    let tokens = map.get(message);
    if (tokens === undefined) {
      tokens = compute(message, padded);
      map.set(message, tokens);
    }
    return tokens;
  }

  /** The count of a tool-definition array (before the system-message deduction). */
  toolDefinitions(tools: readonly ToolDefinition[], compute: (tools: readonly ToolDefinition[]) => number): number {
    let tokens = this.tools.get(tools);
    if (tokens === undefined) {
      tokens = compute(tools);
      this.tools.set(tools, tokens);
    }
    return tokens;
  }
}
