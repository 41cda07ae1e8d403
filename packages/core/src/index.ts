/**
 * `@baton/core`: the contracts every Baton package is written against. Types and
 * tiny pure helpers only; no runtime dependencies.
 * @packageDocumentation
 */
export * from "./messages/index.js";
export * from "./usage/index.js";
export * from "./model/index.js";
export * from "./tools/index.js";
export * from "./events/index.js";
export * from "./tokens/index.js";
export * from "./agent/index.js";
export * from "./run/index.js";
export * from "./storage/index.js";
export * from "./errors/index.js";
export * from "./timing/index.js";
export * from "./options/index.js";
export * from "./logging/index.js";
