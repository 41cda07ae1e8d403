import { ConfigurationError, type MessageRole } from "@baton/core";

/** What a message of the role holds, for the error. */
const CONTENT_OF: Readonly<Record<MessageRole, string>> = {
  system: "a string",
  user: 'an array of parts such as { type: "text", text } (userMessage(text) builds such a message)',
  assistant: "an array of parts",
  tool: "an array of tool-result parts",
};

function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
    case "object":
      return "an object";
    case "function":
      return "a function";
    default:
      return String(value);
  }
}

/**
 * Checks the messages given as a run's `input`, once when the run starts, so a message
 * a provider cannot read fails there with a {@link ConfigurationError} naming it
 * (`Option "input": message 1 (role "user"): content must be an array of parts …, got nothing.`), not later inside
 * a provider adapter. Each message must be an object whose `role` is `system`,
 * `user`, `assistant` or `tool`; a system message's `content` a string; any other
 * message's `content` an array of parts, each an object with a string `type`. The
 * parts' other fields are the adapters' business (the shapes are in `@baton/core`'s
 * `Message`).
 *
 * @example checkInputMessages([{ role: "user" }]); // throws: Option "input": message 0 (role "user"): content must be …, got nothing.
 */
export function checkInputMessages(messages: readonly unknown[]): never {
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message === null || typeof message !== "object" || Array.isArray(message)) {
      fail(i, `message ${i} must be an object with a role and content, got ${describe(message)}.`);
    }
    const { role, content } = message as { role?: unknown; content?: unknown };
    if (typeof role !== "string" || !Object.hasOwn(CONTENT_OF, role)) {
      fail(i, `message ${i}: role must be "system", "user", "assistant" or "tool", got ${describe(role)}.`);
    }
    const expected = CONTENT_OF[role as MessageRole];
    if (role === "system") {
      if (typeof content !== "string") fail(i, `message ${i} (role "system"): content must be ${expected}, got ${describe(content)}.`);
      continue;
    }
    if (!Array.isArray(content)) fail(i, `message ${i} (role "${role}"): content must be ${expected}, got ${describe(content)}.`);
    for (let j = 0; j < content.length; j++) {
      const part: unknown = content[j];
      if (part === null || typeof part !== "object" || typeof (part as { type?: unknown }).type !== "string") {
        fail(i, `message ${i} (role "${role}"): content[${j}] must be a part (an object with a string "type"), got ${describe(part)}.`);
      }
    }
  }
  // Only called once looksLikeMessages() said no: a message above failed.
  throw new ConfigurationError('Option "input" must be an array of messages.');
}

function fail(index: number, problem: string): never {
  throw new ConfigurationError(`Option "input": ${problem}`, { details: { option: "input", index } });
}
