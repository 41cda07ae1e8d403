/**
 * `baton`: Baton in one import. `createAgent()` wires the defaults; everything public
 * of `@baton/core` (contracts, errors, helpers), `@baton/loop` (`run`, `stream`) and
 * `@baton/tools` (`defineTool`, `ToolSet`, `selectTools`) is re-exported here. Test
 * doubles (`scriptedModel`, `fakeTool`, …) live at `baton/testing`.
 * @packageDocumentation
 */
export * from "@baton/core";
export * from "@baton/loop";
export * from "@baton/tools";
export { createAgent, MISSING_PROVIDER_MESSAGE } from "./agent/create-agent.js";
export type { Agent } from "./agent/agent.js";
export type { CreateAgentOptions, AgentDefaults } from "./agent/create-agent-options.js";
export { AGENT_RUN_OPTION_KEYS, type AgentRunOptions } from "./agent/agent-run-options.js";
