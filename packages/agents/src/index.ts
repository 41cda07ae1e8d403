/**
 * `@baton/agents`: built-in agent configs (main thread, deep-research supervisor,
 * researcher), agents as tools and handoffs, orchestration steps, loop detection,
 * planning, structured output, human approval with resumable state, prompting helpers
 * and JSON agent templates.
 * @packageDocumentation
 */
export * from "./configs/index.js";
export * from "./multi-agent/index.js";
export * from "./steps/index.js";
export * from "./loop-detection/index.js";
export * from "./planning/index.js";
export * from "./structured-output/index.js";
export * from "./approvals/index.js";
export * from "./prompting/index.js";
export * from "./templates/index.js";
