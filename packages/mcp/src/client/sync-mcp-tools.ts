import type { AgentConfig, ToolRegistry } from "@baton/core";
import type { McpServerConnection } from "./mcp-server-connection.js";

/**
 * Makes `registry` hold the connection's latest tools: removes those of the connection
 * that the server no longer lists, adds the new ones (a name another tool already has
 * is left to that tool). Tools that are not the connection's are never touched.
 */
export function syncRegistryWithConnection(registry: ToolRegistry, connection: McpServerConnection): void {
  const latest = new Map(connection.currentTools.map((tool) => [tool.name, tool]));
  for (const tool of registry.list()) {
    if (connection.ownsTool(tool) && latest.get(tool.name) !== tool) registry.unregister(tool.name);
  }
  for (const tool of latest.values()) {
    if (registry.get(tool.name) === undefined) registry.register(tool);
  }
}

/**
 * An agent config that keeps a run's tools up to date with MCP servers between steps:
 * after each step, the run's registry gets each connection's latest list (the server
 * said `tools/list_changed`, or the connection reconnected), so the next model call is
 * offered the current tools. Combine it with other configs through `composeConfigs`.
 *
 * @example
 * const github = connectMcpServer({ http: { url }, prefix: "gh_" });
 * await run({ provider, model, input, tools: await github.tools(), config: syncMcpTools(github) });
 */
export function syncMcpTools(...connections: readonly McpServerConnection[]): AgentConfig {
  return {
    onStepEnd: ({ context }) => {
      for (const connection of connections) syncRegistryWithConnection(context.registry, connection);
    },
  };
}
