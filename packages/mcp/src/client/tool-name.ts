/** Tool names every major provider accepts: 1–64 letters, digits, `_` or `-` (as `@baton/tools` checks). */
export const TOOL_NAME_PATTERN: RegExp = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The Baton name of an MCP tool: the prefix, then the server's name with every
 * character providers reject (`.`, `/`, spaces, …) replaced by `_`.
 *
 * @example batonToolName("fs_", "read.file") // "fs_read_file"
 */
export function batonToolName(prefix: string, mcpName: string): string {
  return `${prefix}${mcpName}`.replace(/[^a-zA-Z0-9_-]/g, "_");
}
