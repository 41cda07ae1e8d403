import { systemMessage, userMessage, type Message, type ToolRegistry } from "@baton/core";

/** The starting messages of a run and which of them are new user input. */
export interface InitialMessages {
  readonly messages: Message[];
  /** The user message built from a string input (stored with the run); empty for message input. */
  readonly newUserMessages: Message[];
}

/**
 * Builds a run's starting conversation: one system message (the instructions, then
 * the registry's prompt: base prompt and tool selection rules), then the input.
 */
export function initialMessages(instructions: string | undefined, registry: ToolRegistry, input: string | readonly Message[]): InitialMessages {
  const system = [instructions, registry.systemPrompt?.()].filter((part): part is string => !!part && part.length > 0).join("\n\n");
  const messages: Message[] = system ? [systemMessage(system)] : [];
  if (typeof input === "string") {
    const user = userMessage(input);
    messages.push(user);
    return { messages, newUserMessages: [user] };
  }
  messages.push(...input);
  return { messages, newUserMessages: [] };
}
