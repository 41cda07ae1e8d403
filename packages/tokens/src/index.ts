// counting
export * from "./counting/index.js";

// context
export * from "./context/index.js";
