import { InvalidRequestError, type ToolChoice, type ToolDefinition } from "@baton/core";
import type { ChatCompletionTool, ChatCompletionToolChoiceOption } from "openai/resources/chat/completions";
import { toolParameters } from "./tool-parameters.js";

const cache = new WeakMap<ToolDefinition, { readonly strict: boolean; readonly tool: ChatCompletionTool }>();

/** Tools as Chat Completions function tools (cached per definition object). */
export function toChatTools(tools: readonly ToolDefinition[], strict: boolean, provider: string): ChatCompletionTool[] {
  return tools.map((definition) => {
    const cached = cache.get(definition);
    if (cached && cached.strict === strict) return cached.tool;
    const tool: ChatCompletionTool = {
      type: "function",
      function: {
        name: definition.name,
        description: definition.description,
        parameters: toolParameters(definition, provider),
        ...(strict ? { strict: true } : {}),
      },
    };
    cache.set(definition, { strict, tool });
    return tool;
  });
}

/** A tool choice as the Chat Completions API writes it; a named tool must be among `tools`. */
export function toChatToolChoice(choice: ToolChoice, tools: readonly ToolDefinition[], provider: string): ChatCompletionToolChoiceOption {
  if (typeof choice === "string") return choice;
  if (!tools.some((tool) => tool.name === choice.name)) {
    throw new InvalidRequestError(`tool choice names the tool "${choice.name}", which is not among the tools sent.`, { provider });
  }
  return { type: "function", function: { name: choice.name } };
}
