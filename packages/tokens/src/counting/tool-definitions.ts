import type { JsonSchema, ToolDefinition } from "@baton/core";

/**
 * Tokens OpenAI adds for the block of tool definitions, on top of the rendered
 * rendered text. This is the formula of hmarr/openai-chat-tokens
 * (reverse-engineered against the API's reported `prompt_tokens`), which
 * gpt-tokenizer's `countChatCompletionTokens` also uses.
 */
export const TOOL_DEFINITIONS_OVERHEAD = 9;
/** Tokens subtracted when the request also has a system message (the definitions share its header). */
export const TOOL_DEFINITIONS_SYSTEM_DEDUCTION = 4;

/**
 * The tool definitions as OpenAI renders them into the prompt: a TypeScript
 * `namespace functions` with one `type name = (_: { … }) => any;` per tool, the
 * description and the top-level parameter descriptions as `//` comments.
 *
 * @example
 * renderToolDefinitions([{ name: "get_weather", description: "Weather in a city", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } }])
 * // "namespace functions {\n\n// Weather in a city\ntype get_weather = (_: {\ncity: string,\n}) => any;\n\n} // namespace functions"
 */
export function renderToolDefinitions(tools: readonly ToolDefinition[]): string {
  const lines = ["namespace functions {", ""];
  for (const tool of tools) {
    if (tool.description) lines.push(`// ${tool.description}`);
    const properties = tool.parameters.properties;
    if (properties === undefined || Object.keys(properties).length === 0) {
      lines.push(`type ${tool.name} = () => any;`);
    } else {
      lines.push(`type ${tool.name} = (_: {`);
      const rendered = renderProperties(tool.parameters, 0);
      if (rendered.length > 0) lines.push(rendered);
      lines.push("}) => any;");
    }
    lines.push("");
  }
  lines.push("} // namespace functions");
  return lines.join("\n");
}

function renderProperties(schema: JsonSchema, indent: number): string {
  const properties = schema.properties;
  if (properties === undefined) return "";
  const required = new Set(schema.required ?? []);
  const pad = " ".repeat(indent);
  const lines: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    if (property.description && indent < 2) lines.push(`${pad}// ${property.description}`);
    lines.push(`${pad}${name}${required.has(name) ? "" : "?"}: ${renderType(property, indent)},`);
  }
  return lines.join("\n");
}

function renderType(schema: JsonSchema, indent: number): string {
  switch (schema.type) {
    case "string":
      return schema.enum?.map((value) => JSON.stringify(value)).join(" | ") ?? "string";
    case "integer":
    case "number":
      return schema.enum?.map((value) => String(value)).join(" | ") ?? "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return schema.items !== undefined && !Array.isArray(schema.items) ? `${renderType(schema.items as JsonSchema, indent)}[]` : "any[]";
    case "object":
      return `{\n${renderProperties(schema, indent + 2)}\n${" ".repeat(indent)}}`;
    default:
      return "any";
  }
}

/**
 * Tokens the tool definitions cost in a request:
 * `count(renderToolDefinitions(tools)) + 9`, minus 4 when the request has a system
 * message. (The system message itself is counted with a trailing newline added —
 * see `countOpenAIMessage`.) Zero when there are no tools.
 */
export function toolDefinitionTokens(tools: readonly ToolDefinition[], hasSystemMessage: boolean, count: (text: string) => number): number {
  if (tools.length === 0) return 0;
  const tokens = count(renderToolDefinitions(tools)) + TOOL_DEFINITIONS_OVERHEAD;
  return hasSystemMessage ? tokens - TOOL_DEFINITIONS_SYSTEM_DEDUCTION : tokens;
}
