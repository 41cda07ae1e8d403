import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import { McpToolError } from "../errors/mcp-errors.js";
import type { McpToolResultPart } from "./tool-result-parts.js";

/** One MCP content block as a Baton result part (an unknown block type is kept as JSON text). */
export function toResultPart(block: ContentBlock): McpToolResultPart {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
      return { type: "image", mediaType: block.mimeType, data: block.data };
    case "audio":
      return { type: "audio", mediaType: block.mimeType, data: block.data };
    case "resource": {
      const { resource } = block;
      const mediaType = resource.mimeType === undefined ? {} : { mediaType: resource.mimeType };
      if ("text" in resource && typeof resource.text === "string") return { type: "resource", uri: resource.uri, ...mediaType, text: resource.text };
      return { type: "resource", uri: resource.uri, ...mediaType, data: String((resource as { blob?: unknown }).blob ?? "") };
    }
    case "resource_link":
      return {
        type: "resource-link",
        uri: block.uri,
        name: block.name,
        ...(block.description === undefined ? {} : { description: block.description }),
        ...(block.mimeType === undefined ? {} : { mediaType: block.mimeType }),
      };
    default:
      return { type: "text", text: JSON.stringify(block) };
  }
}

/** The text of a result's text parts, one per line. */
function textOf(parts: readonly McpToolResultPart[]): string {
  return parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/**
 * The Baton tool result of an MCP `tools/call` result:
 * - `isError: true` throws {@link McpToolError} with the result's text, which the loop
 *   turns into an error result the model reads;
 * - `structuredContent` (a tool with an output schema) is the result as it is;
 * - only text content: the text (blocks joined by newlines);
 * - anything else (images, audio, resources): the array of {@link McpToolResultPart}s.
 */
export function toBatonResult(result: CallToolResult, toolName: string, serverName: string): unknown {
  const parts = (result.content ?? []).map(toResultPart);
  if (result.isError === true) {
    const text = textOf(parts);
    throw new McpToolError(toolName, serverName, text === "" ? `MCP tool "${toolName}" reported an error.` : text, parts);
  }
  if (result.structuredContent !== undefined) return result.structuredContent;
  if (parts.every((part) => part.type === "text")) return textOf(parts);
  return parts;
}
