import type { NextStep, StepName } from "@baton/core";

/** The `continue` values the steps return, made once (a step's result is read, never changed). */
export const CONTINUE_TO: Readonly<Record<StepName, NextStep>> = Object.freeze({
  prepare: Object.freeze({ type: "continue", step: "prepare" }),
  model: Object.freeze({ type: "continue", step: "model" }),
  tools: Object.freeze({ type: "continue", step: "tools" }),
  end: Object.freeze({ type: "continue", step: "end" }),
});
