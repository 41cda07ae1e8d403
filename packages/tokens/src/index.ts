/**
 * `@baton/tokens`: token counting (exact for OpenAI encodings, calibrated for Anthropic
 * and Google) and the context engine that keeps every request inside the window.
 * @packageDocumentation
 */

// counting
export * from "./counting/index.js";

// context
export * from "./context/index.js";
