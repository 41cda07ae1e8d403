import type { ImagePart, TextPart } from "@baton/core";

/** Audio a tool returned (base64 `data`). */
export interface McpAudioPart {
  readonly type: "audio";
  readonly mediaType: string;
  readonly data: string;
}

/** A resource embedded in a result: its text, or its bytes as base64 `data`. */
export interface McpResourcePart {
  readonly type: "resource";
  readonly uri: string;
  readonly mediaType?: string;
  readonly text?: string;
  readonly data?: string;
}

/** A link to a resource the server can serve (`resources/read`). */
export interface McpResourceLinkPart {
  readonly type: "resource-link";
  readonly uri: string;
  readonly name: string;
  readonly description?: string;
  readonly mediaType?: string;
}

/**
 * One piece of an MCP tool's result in Baton's terms: text and images as core's
 * `TextPart` and `ImagePart` (inline base64), audio and resources as the parts above.
 * All are JSON values, so they fit a tool result as they are.
 */
export type McpToolResultPart = TextPart | ImagePart | McpAudioPart | McpResourcePart | McpResourceLinkPart;
