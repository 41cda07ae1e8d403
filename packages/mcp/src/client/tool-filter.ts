/** The allow and deny lists of a connection, by the server's tool names. */
export interface ToolFilter {
  readonly allow?: readonly string[];
  readonly deny?: readonly string[];
}

/** Whether a server tool (by its own name, before any prefix) is offered: on `allow` when given, and not on `deny`. */
export function isToolOffered(filter: ToolFilter, mcpName: string): boolean {
  if (filter.deny?.includes(mcpName)) return false;
  return filter.allow === undefined || filter.allow.includes(mcpName);
}
