import { isPromiseLike, type AgentConfig, type Message, type NextStep, type StepOverrides, type StepPlan } from "@baton/core";
import { callHook } from "../hooks/call-hook.js";
import type { AgentRun } from "../run-tree/agent-run.js";
import { planCall } from "./prepare-step.js";

/** The messages of a call whose instructions (system prompt) a hook replaced. */
function withInstructions(messages: readonly Message[], instructions: string): Message[] {
  const system: Message = { role: "system", content: instructions };
  return messages[0]?.role === "system" ? [system, ...messages.slice(1)] : [system, ...messages];
}

/**
 * The prepare step of a config with `prepareStep` hooks: they shape the call (model,
 * tools offered, tool choice, messages, instructions, a final answer) or end the run;
 * then the call is planned as usual.
 */
export function prepareStepWithHook(run: AgentRun, hook: NonNullable<AgentConfig["prepareStep"]>, plan: StepPlan): NextStep | Promise<NextStep> {
  const overrides = callHook("prepareStep", () =>
    hook({ ...plan, state: run.state, context: run.hookContext, stepNumber: run.state.iteration, tools: run.offered.definitions }),
  );
  return isPromiseLike(overrides) ? overrides.then((value) => withOverrides(run, plan, value ?? undefined)) : withOverrides(run, plan, overrides ?? undefined);
}

/** Applies a hook's overrides to the loop's plan: the run's end, or the call they plan. */
function withOverrides(run: AgentRun, plan: StepPlan, overrides: StepOverrides | undefined): NextStep {
  if (overrides?.stop !== undefined) return { type: "stop", reason: overrides.stop === true ? (run.state.stopReason ?? "ended_by_hook") : overrides.stop };
  if (!overrides) return planCall(run, plan);
  let final: StepPlan = { ...plan, ...overrides };
  // A final answer asked for by a hook offers no tools, unless a hook chose the tools too.
  if (final.finalAnswer && !plan.finalAnswer && overrides.activeTools === undefined) final = { ...final, activeTools: [] };
  if (final.instructions !== plan.instructions) final = { ...final, messages: withInstructions(final.messages, final.instructions) };
  return planCall(run, final);
}
