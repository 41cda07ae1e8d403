/**
 * `baton`: Baton in one import. `createAgent()` wires the defaults; everything public
 * of `@baton/core` (contracts, errors, helpers), `@baton/loop` (`run`, `stream`),
 * `@baton/tools` (`defineTool`, `ToolSet`, `selectTools`) and `@baton/events`
 * (`EventHub`, `startRunSession`, `sendSse`, `sseResponse`, `EventManager`, …) is
 * re-exported here, with `@baton/agents` (built-in configs, agents as tools, steps, approvals, …) and the in-memory storage of `@baton/storage-memory`. The
 * database adapters are installed on their own (`@baton/storage-sqlite`,
 * `-postgres`, `-redis`). The browser event client is `baton/client`; test doubles
 * (`scriptedModel`, `fakeTool`, …) live at `baton/testing`.
 * @packageDocumentation
 */
export * from "@baton/core";
export * from "@baton/loop";
export * from "@baton/tools";
export * from "@baton/events";
export * from "@baton/agents";
// Core's interruption answers and refusal text; named here so that they are exported once.
export { rejectionText, type ApprovalDecision } from "@baton/core";
export { createMemoryStorage, MemoryStorage, MemoryDatabase, type MemoryStorageOptions } from "@baton/storage-memory";
export { createAgent, MISSING_PROVIDER_MESSAGE } from "./agent/create-agent.js";
export type { Agent } from "./agent/agent.js";
export type { CreateAgentOptions, AgentDefaults } from "./agent/create-agent-options.js";
export { AGENT_RUN_OPTION_KEYS, type AgentRunOptions } from "./agent/agent-run-options.js";
export type { AgentContinueOptions, AgentResumeOptions } from "./agent/agent-resume-options.js";
