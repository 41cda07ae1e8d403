import type { ModelRequest } from "@baton/core";
import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import { toChatMessages } from "../messages/chat-messages.js";
import { toChatToolChoice, toChatTools } from "../tools/chat-tools.js";
import type { RequestSettings } from "./request-settings.js";

/**
 * The Chat Completions body of a request: messages, `stream` with
 * `stream_options.include_usage`, tools with `tool_choice` and `parallel_tool_calls`
 * (only when tools are sent), the output limit as `max_completion_tokens` (or
 * `max_tokens`), `temperature`, `reasoning_effort`, then `extraBody`.
 */
export function chatRequestBody(request: ModelRequest, settings: RequestSettings): ChatCompletionCreateParamsStreaming {
  const body: ChatCompletionCreateParamsStreaming & Record<string, unknown> = {
    model: request.model,
    messages: toChatMessages(request.messages, settings),
    stream: true,
  };
  if (settings.includeUsage) body.stream_options = { include_usage: true };
  const tools = request.tools ?? [];
  if (tools.length > 0) {
    body.tools = toChatTools(tools, settings.strictTools, settings.provider);
    if (request.toolChoice !== undefined) body.tool_choice = toChatToolChoice(request.toolChoice, tools, settings.provider);
    if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
  }
  if (request.maxOutputTokens !== undefined) body[settings.maxTokensField] = request.maxOutputTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (settings.reasoningEffort !== undefined) body.reasoning_effort = settings.reasoningEffort;
  if (settings.extraBody) Object.assign(body, settings.extraBody, { stream: true });
  return body;
}
