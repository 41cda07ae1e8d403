import type { AgentConfig, Message, OrchestratorState } from "@baton/core";
import { modelMatches } from "./model-pattern.js";

/** Options of {@link withFewShot}. */
export interface FewShotOptions {
  /**
   * Example conversations by model pattern (an exact model id, or a glob with `*`).
   * A model matching several patterns gets the examples of the first one, in key order.
   */
  readonly examples: Readonly<Record<string, readonly Message[]>>;
}

/** The key under which {@link withFewShot} keeps which examples it inserted, in `state.custom`. */
export const FEW_SHOT_CUSTOM_KEY = "baton.fewShot";

/** The examples for a model id, if a pattern matches it. */
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

/** The pattern whose examples are in the conversation now, as recorded in the state. */
function insertedPattern(state: OrchestratorState): string | undefined {
  const value = state.custom[FEW_SHOT_CUSTOM_KEY];
  return typeof value === "string" ? value : undefined;
}

/**
 * Wraps an agent config so that models that need help calling tools see example
 * conversations: before each model call, the examples of the first pattern matching
 * the call's model (after the config's own `getModelId`) are placed right after the
 * system prompt, and taken out again when a later call goes to a model without
 * examples. Models matching no pattern get the conversation unchanged.
 *
 * A conversation that already holds the same examples at that place (a resumed
 * approval, say) does not get them twice.
 *
 * @example
 * const config = withFewShot({}, {
 *   examples: {
 *     "small-model-*": [
 *       userMessage("What is the weather in Paris?"),
 *       { role: "assistant", content: [{ type: "tool-call", toolCallId: "ex1", toolName: "weather", arguments: { city: "Paris" } }] },
 *       { role: "tool", content: [{ type: "tool-result", toolCallId: "ex1", toolName: "weather", result: "18°C" }] },
 *       { role: "assistant", content: [{ type: "text", text: "It is 18°C in Paris." }] },
 *     ],
 *   },
 * });
 */
export function withFewShot(config: AgentConfig, options: FewShotOptions): AgentConfig {
  const patterns = Object.keys(options.examples);
  return {
    ...config,
    getModelId(state: OrchestratorState, baseModel: string): string {
      const model = config.getModelId ? config.getModelId.call(config, state, baseModel) : baseModel;
      const wanted = patterns.find((pattern) => modelMatches(model, pattern));
      const current = insertedPattern(state);
      let messages = state.messages;
      const at = insertionPoint(messages);
      if (current !== undefined && current !== wanted) {
        const old = options.examples[current];
        if (old && sameMessages(messages.slice(at, at + old.length), old)) messages = [...messages.slice(0, at), ...messages.slice(at + old.length)];
        delete state.custom[FEW_SHOT_CUSTOM_KEY];
      }
      if (wanted !== undefined) {
        const examples = options.examples[wanted]!;
        // Checked on every call: a conversation restored from storage may lack them.
        if (!sameMessages(messages.slice(at, at + examples.length), examples)) {
          messages = [...messages.slice(0, at), ...(structuredClone(examples) as Message[]), ...messages.slice(at)];
        }
        state.custom[FEW_SHOT_CUSTOM_KEY] = wanted;
      }
      if (messages !== state.messages) state.messages = messages;
      return model;
    },
  };
}
