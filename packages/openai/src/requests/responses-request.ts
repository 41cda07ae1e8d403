import type { ModelRequest } from "@baton/core";
import type { ResponseCreateParamsStreaming } from "openai/resources/responses/responses";
import { isOpenAIReasoningModel } from "../catalog.js";
import { toResponsesInput } from "../messages/responses-input.js";
import { toResponsesToolChoice, toResponsesTools } from "../tools/responses-tools.js";
import type { RequestSettings } from "./request-settings.js";

/**
 * The Responses API body of a request: `instructions` and `input`, `stream`, `store`
 * (default false) with `include: ["reasoning.encrypted_content"]` for reasoning
 * models, tools with `tool_choice` and `parallel_tool_calls` (only when tools are
 * sent), `max_output_tokens`, `temperature`, `reasoning` (effort, summary), then
 * `extraBody`.
 */
export function responsesRequestBody(request: ModelRequest, settings: RequestSettings): ResponseCreateParamsStreaming {
  const { instructions, input } = toResponsesInput(request.messages, { store: settings.store, customTools: new Set(settings.customTools.keys()) });
  const body: ResponseCreateParamsStreaming & Record<string, unknown> = { model: request.model, input, stream: true, store: settings.store };
  if (instructions !== undefined) body.instructions = instructions;
  if (settings.includeEncryptedReasoning ?? (!settings.store && isOpenAIReasoningModel(request.model))) body.include = ["reasoning.encrypted_content"];
  const tools = request.tools ?? [];
  if (tools.length > 0) {
    body.tools = toResponsesTools(tools, settings.strictTools, settings.customTools, settings.provider);
    if (request.toolChoice !== undefined) body.tool_choice = toResponsesToolChoice(request.toolChoice, tools, settings.customTools, settings.provider);
    if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
  }
  if (request.maxOutputTokens !== undefined) body.max_output_tokens = request.maxOutputTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (settings.reasoningEffort !== undefined || settings.reasoningSummary !== undefined) {
    body.reasoning = {
      ...(settings.reasoningEffort === undefined ? {} : { effort: settings.reasoningEffort }),
      ...(settings.reasoningSummary === undefined ? {} : { summary: settings.reasoningSummary }),
    };
  }
  if (settings.extraBody) Object.assign(body, settings.extraBody, { stream: true });
  return body;
}
