import type { ModelRequest } from "@baton/core";
import { toGeminiContents } from "../messages/to-gemini-contents.js";
import type { GeminiGenerateConfig, GeminiSafetySetting, GeminiStreamParams, GeminiThinkingConfig } from "../sdk-types.js";
import { toGeminiToolConfig, toGeminiTools, type GoogleToolSchemaMode } from "../tools/to-gemini-tools.js";

/** The provider settings that shape every request. */
export interface GeminiRequestSettings {
  readonly toolSchema: GoogleToolSchemaMode;
  readonly thinking: GeminiThinkingConfig | undefined;
  readonly safetySettings: readonly GeminiSafetySetting[] | undefined;
}

/**
 * A Baton model request → the parameters of `models.generateContentStream` (without
 * the per-attempt `abortSignal` and `httpOptions`). Throws an `InvalidRequestError`
 * for what Gemini cannot take (a tool schema that cannot be converted, a tool choice
 * naming a tool not offered, an image without data or URL).
 * `parallelToolCalls` has no Gemini equivalent and is not sent.
 */
export function toStreamParams(request: ModelRequest, settings: GeminiRequestSettings): GeminiStreamParams {
  const { systemInstruction, contents } = toGeminiContents(request.messages);
  const tools = toGeminiTools(request.tools, settings.toolSchema);
  const toolConfig = toGeminiToolConfig(request.toolChoice, request.tools);
  const config: GeminiGenerateConfig = {
    ...(systemInstruction ? { systemInstruction } : {}),
    ...(tools ? { tools } : {}),
    ...(toolConfig ? { toolConfig } : {}),
    ...(request.maxOutputTokens === undefined ? {} : { maxOutputTokens: request.maxOutputTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(settings.thinking ? { thinkingConfig: settings.thinking } : {}),
    ...(settings.safetySettings ? { safetySettings: [...settings.safetySettings] } : {}),
  };
  return { model: request.model, contents, config };
}
