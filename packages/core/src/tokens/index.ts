export type { TokenCount, TokenCounter } from "./token-counter.js";
export type { ContextEngineInput, ContextEngineOutput, ContextEngine } from "./context-engine.js";
