import { optionIs as is, type OptionRule } from "@baton/core";

/** A finite number of 0 or more (e.g. a time budget of 0 ms: the budget is already used up). */
export const nonNegativeNumber: OptionRule = {
  expected: "a non-negative finite number",
  test: (value) => typeof value === "number" && Number.isFinite(value) && value >= 0,
};

/** A `ModelProvider`: an object with `stream()`. */
export const modelProvider: OptionRule = is.objectWith("a model provider", "stream");

/** An agent config: an object of hooks and settings. */
export const agentConfig: OptionRule = is.object;
