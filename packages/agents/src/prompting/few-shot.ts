import { checkOptions, optionIs as is, requiredOption, type AgentConfig, type Message } from "@baton/core";
import { modelMatches } from "./model-pattern.js";

/**
 * Options of {@link fewShot}.
 *
 * @example
 * fewShot({ examples: { "small-*": smallModelExamples, "gpt-4o-mini": miniExamples } });
 */
export interface FewShotOptions {
  /**
   * Example conversations by model pattern (an exact model id, or a glob with `*`).
   * A model matching several patterns gets the examples of the first one, in key order.
   */
  readonly examples: Readonly<Record<string, readonly Message[]>>;
}

/**
 * The examples for a model id, if a pattern matches it.
 *
 * @example
 * fewShotExamplesFor({ "small-*": examples }, "small-1"); // examples
 */
export function fewShotExamplesFor(examples: FewShotOptions["examples"], modelId: string): readonly Message[] | undefined {
  for (const [pattern, messages] of Object.entries(examples)) if (modelMatches(modelId, pattern)) return messages;
  return undefined;
}

/** Where the examples go: after the system messages the conversation starts with. */
function insertionPoint(messages: readonly Message[]): number {
  let index = 0;
  while (index < messages.length && messages[index]!.role === "system") index++;
  return index;
}

function sameMessages(a: readonly Message[], b: readonly Message[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Few-shot examples as an agent config, for models that call tools better after
 * seeing an example conversation. Its `prepareStep` puts the examples of the first
 * pattern matching the call's model right after the system prompt, in that call's
 * messages only: they never enter the run's state, its result or its stored
 * conversation, so a later call to a model without examples simply goes without them.
 * Models matching no pattern get the conversation unchanged, and a conversation that
 * already holds the same examples at that place does not get them twice.
 *
 * The model is the one planned so far: compose `fewShot` after configs that change
 * the model (a cheaper model after retries, say).
 *
 * @example
 * const config = composeConfigs(mainThreadConfig(), fewShot({
 *   examples: {
 *     "small-model-*": [
 *       userMessage("What is the weather in Paris?"),
 *       { role: "assistant", content: [{ type: "tool-call", toolCallId: "ex1", toolName: "weather", arguments: { city: "Paris" } }] },
 *       { role: "tool", content: [{ type: "tool-result", toolCallId: "ex1", toolName: "weather", result: "18°C" }] },
 *       { role: "assistant", content: [{ type: "text", text: "It is 18°C in Paris." }] },
 *     ],
 *   },
 * }));
 *
 * @throws ConfigurationError for an unknown option (accepted: `examples`) or an
 *   `examples` that is missing or not an object.
 */
export function fewShot(options: FewShotOptions): AgentConfig {
  checkOptions("fewShot", options, { examples: requiredOption(is.object) });
  return {
    prepareStep({ model, messages }) {
      const examples = fewShotExamplesFor(options.examples, model);
      if (!examples || examples.length === 0) return undefined;
      const at = insertionPoint(messages);
      if (sameMessages(messages.slice(at, at + examples.length), examples)) return undefined;
      return { messages: [...messages.slice(0, at), ...(structuredClone(examples) as Message[]), ...messages.slice(at)] };
    },
  };
}
