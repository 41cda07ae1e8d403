import { InvalidRequestError, type ToolChoice, type ToolDefinition } from "@baton/core";
import type { Tool, ToolChoiceOptions, ToolChoiceCustom, ToolChoiceFunction } from "openai/resources/responses/responses";
import type { OpenAICustomToolFormat } from "../provider-options.js";
import { toolParameters } from "./tool-parameters.js";

/**
 * Tools as Responses API tools: function tools, or custom (free-form) tools for the
 * names in `customTools`.
 */
export function toResponsesTools(
  tools: readonly ToolDefinition[],
  strict: boolean,
  customTools: ReadonlyMap<string, OpenAICustomToolFormat>,
  provider: string,
): Tool[] {
  return tools.map((definition): Tool => {
    const format = customTools.get(definition.name);
    if (format) return { type: "custom", name: definition.name, description: definition.description, format };
    return { type: "function", name: definition.name, description: definition.description, parameters: toolParameters(definition, provider), strict };
  });
}

/** A tool choice as the Responses API writes it; a named tool must be among `tools`. */
export function toResponsesToolChoice(
  choice: ToolChoice,
  tools: readonly ToolDefinition[],
  customTools: ReadonlyMap<string, OpenAICustomToolFormat>,
  provider: string,
): ToolChoiceOptions | ToolChoiceFunction | ToolChoiceCustom {
  if (typeof choice === "string") return choice;
  if (!tools.some((tool) => tool.name === choice.name)) {
    throw new InvalidRequestError(`tool choice names the tool "${choice.name}", which is not among the tools sent.`, { provider });
  }
  return customTools.has(choice.name) ? { type: "custom", name: choice.name } : { type: "function", name: choice.name };
}
