import { systemMessage, userMessage, type Message, type ToolRegistry } from "@baton/core";

/** The starting messages of a run, and its system prompt and input apart. */
export interface InitialMessages {
  /** The system prompt, then the input. */
  readonly messages: Message[];
  /** The system message (none when there are no instructions and no registry prompt). */
  readonly system: Message[];
  /** The input as messages (a string input becomes one user message). */
  readonly input: Message[];
}

/**
 * Builds a run's starting conversation: one system message (the instructions, then
 * the registry's prompt: base prompt and tool selection rules), then the input.
 */
export function initialMessages(instructions: string | undefined, registry: ToolRegistry, input: string | readonly Message[]): InitialMessages {
  const system = [instructions, registry.systemPrompt?.()].filter((part): part is string => !!part && part.length > 0).join("\n\n");
  const systemMessages: Message[] = system ? [systemMessage(system)] : [];
  const inputMessages: Message[] = typeof input === "string" ? [userMessage(input)] : [...input];
  return { messages: [...systemMessages, ...inputMessages], system: systemMessages, input: inputMessages };
}

/**
 * A saved conversation with the system prompt of the run that continues it: the
 * leading system messages it was saved with give way to `system` (the agent's
 * instructions and tool rules as they are now).
 */
export function withSystem(system: readonly Message[], messages: readonly Message[]): Message[] {
  let start = 0;
  while (start < messages.length && messages[start]!.role === "system") start++;
  return [...system, ...messages.slice(start)];
}
