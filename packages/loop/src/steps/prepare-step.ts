import { defaultActiveTools, type Message, type ModelRequest, type NextStep, type StepPlan, type ToolDefinition } from "@baton/core";
import { loadedOptionalParts, withOptionalParts } from "../optional/load-optional-parts.js";
import type { AgentRun } from "../run-tree/agent-run.js";
import { CONTINUE_TO } from "./continue-to.js";

/** The text of a conversation's leading system message ("" when it has none). */
function instructionsOf(messages: readonly Message[]): string {
  const first = messages[0];
  return first?.role === "system" ? first.content : "";
}

/** The loop's own plan of the coming call, before any hook. */
export function defaultPlan(run: AgentRun): StepPlan {
  const { state } = run;
  return {
    model: run.model,
    activeTools: defaultActiveTools(state, run.offered.names),
    toolChoice: state.toolChoice,
    messages: run.messages(),
    instructions: instructionsOf(state.messages),
    finalAnswer: state.finalAnswerRequested,
  };
}

/**
 * The prepare step, before every model call (the first included): the agent's
 * `prepareStep` hooks shape the call (model, tools offered, tool choice, messages,
 * instructions, a final answer) or end the run; then the iteration limit and the
 * budgets are checked, and the request is built for the model step.
 */
export function prepareStep(run: AgentRun): NextStep | Promise<NextStep> {
  if (run.abort.aborted) throw run.abort.abortError;
  run.offered.update(run.registry.list());
  const hook = run.config.prepareStep;
  // A config with `prepareStep` hooks prepares its calls with code loaded when first needed (its optional parts).
  if (hook) return withOptionalParts((parts) => parts.prepareStepWithHook(run, hook, defaultPlan(run)));
  return planCall(run, defaultPlan(run));
}

/**
 * Checks the limits and builds the request of the call `final` plans (the loop's own
 * plan, or one a hook changed: its messages then already carry its instructions).
 */
export function planCall(run: AgentRun, final: StepPlan): NextStep {
  const { state } = run;
  if (state.iteration >= state.maxIterations) return { type: "stop", reason: "max_iterations" };
  const tools = toolsOf(run, final.activeTools);
  const sendTools = tools.length > 0;
  let messages = final.messages;
  if (final.finalAnswer) messages = messages.concat({ role: "system", content: run.finalAnswerInstruction });
  state.finalAnswerRequested = final.finalAnswer;
  const { settings } = run;
  const request: ModelRequest = {
    model: final.model,
    messages,
    ...(sendTools ? { tools, toolChoice: final.toolChoice, parallelToolCalls: run.useParallelTools } : {}),
    ...(settings.maxOutputTokens === undefined ? {} : { maxOutputTokens: settings.maxOutputTokens }),
    ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
    ...(run.abort.signal ? { signal: run.abort.signal } : {}),
  };
  // A forced tool choice (or `required`) applies to one call only.
  if (sendTools && state.toolChoice !== "auto") state.toolChoice = "auto";
  // A run with a budget has its optional parts loaded (see startRun).
  if (settings.budget) {
    const stop = loadedOptionalParts().checkCallBudget(run, settings.budget, request);
    if (stop) return stop;
  }
  // Only a run with a log hears of the provider's retries (a run without one builds the request as it always did).
  if (run.log) (request as { onRetry?: ModelRequest["onRetry"] }).onRetry = run.log.retryListener(run.state);
  run.request = request;
  run.finalAnswer = final.finalAnswer;
  run.offeredNames = sendTools ? (tools === run.offered.definitions ? run.offered.nameSet : new Set(tools.map((tool) => tool.name))) : NOTHING_OFFERED;
  return CONTINUE_TO.model;
}

const NOTHING_OFFERED: ReadonlySet<string> = new Set();

/** The definitions of the named tools, in the registry's order (all of them, without copying, when all are named). */
function toolsOf(run: AgentRun, names: readonly string[]): readonly ToolDefinition[] {
  const all = run.offered;
  if (names === all.names || (names.length === all.names.length && names.every((name, i) => name === all.names[i]))) return all.definitions;
  if (names.length === 0) return [];
  const wanted = new Set(names);
  return all.definitions.filter((definition) => wanted.has(definition.name));
}
