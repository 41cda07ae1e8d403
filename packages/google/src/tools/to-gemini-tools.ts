import { InvalidRequestError, type ToolChoice, type ToolDefinition } from "@baton/core";
import { FunctionCallingConfigMode } from "@google/genai";
import type { GeminiFunctionDeclaration, GeminiTool, GeminiToolConfig } from "../sdk-types.js";
import { toGeminiSchema } from "./to-gemini-schema.js";

/**
 * How tool parameter schemas are sent: `openapi` converts them to Gemini's OpenAPI
 * subset in `parameters` (every Gemini model and Vertex AI read it); `json-schema`
 * sends them unchanged in `parametersJsonSchema` (newer models; no conversion, so
 * nothing is dropped or refused here).
 */
export type GoogleToolSchemaMode = "openapi" | "json-schema";

/**
 * The `tools` entry of a request: one `functionDeclarations` list, or `undefined`
 * when no tools are offered.
 *
 * @example toGeminiTools([{ name: "weather", description: "Weather of a city", parameters: { type: "object", properties: { city: { type: "string" } } } }], "openapi")
 * // [{ functionDeclarations: [{ name: "weather", description: "Weather of a city", parameters: { type: "OBJECT", properties: { city: { type: "STRING" } } } }] }]
 */
export function toGeminiTools(tools: readonly ToolDefinition[] | undefined, mode: GoogleToolSchemaMode): GeminiTool[] | undefined {
  if (!tools || tools.length === 0) return undefined;
  const functionDeclarations = tools.map((tool): GeminiFunctionDeclaration => {
    if (mode === "json-schema") return { name: tool.name, description: tool.description, parametersJsonSchema: tool.parameters };
    const parameters = toGeminiSchema(tool.name, tool.parameters);
    return { name: tool.name, description: tool.description, ...(parameters ? { parameters } : {}) };
  });
  return [{ functionDeclarations }];
}

/**
 * The `toolConfig` of a request: `auto` → mode AUTO, `none` → NONE, `required` →
 * ANY, a named tool → ANY limited to that name. `undefined` when no choice was
 * given or no tools are offered. (`parallelToolCalls` has no Gemini equivalent.)
 */
export function toGeminiToolConfig(choice: ToolChoice | undefined, tools: readonly ToolDefinition[] | undefined): GeminiToolConfig | undefined {
  if (choice === undefined || !tools || tools.length === 0) return undefined;
  if (choice === "auto") return { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } };
  if (choice === "none") return { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } };
  if (choice === "required") return { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY } };
  if (!tools.some((tool) => tool.name === choice.name)) {
    throw new InvalidRequestError(
      `the tool choice names "${choice.name}", which is not among the tools offered (${tools.map((tool) => tool.name).join(", ")}).`,
      {
        provider: "google",
      },
    );
  }
  return { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: [choice.name] } };
}
