export * from "./check-options.js";
