import type { Usage } from "../usage/index.js";
import type { ToolChoice } from "../model/index.js";
import type { AgentConfig } from "./agent-config.js";
import { HOOK_NAMES } from "./agent-config.js";
import type { PrepareStepArgs, PrepareStepHook, StepOverrides } from "./hooks/prepare-step.js";
import type { BeforeToolCallsArgs, BeforeToolCallsHook, PlannedToolCall, ToolCallDecision, ToolCallsOverrides } from "./hooks/before-tool-calls.js";
import type { AfterToolBatchArgs, AfterToolBatchHook, ToolBatchOverrides, ToolBatchResult } from "./hooks/after-tool-batch.js";
import { applyStopDecision, type ShouldStopArgs, type ShouldStopHook, type StepOutcome, type StopDecision } from "./hooks/should-stop.js";
import type {
  AdjustUsageArgs,
  AdjustUsageHook,
  RunStartArgs,
  RunStartHook,
  StepEndArgs,
  StepEndHook,
  ToolEventArgs,
  ToolEventHook,
} from "./hooks/lifecycle.js";
import type { StopReason } from "./stop-reason.js";
import { isPromiseLike } from "./is-promise-like.js";

/** Marks a composed config and holds its parts (so composing composed configs flattens them). */
const PARTS: unique symbol = Symbol.for("baton.composedConfig.parts") as never;

/** A config made by {@link composeConfigs}. */
interface ComposedConfig extends AgentConfig {
  readonly [PARTS]: readonly AgentConfig[];
}

/** The configs a config is made of: its parts when composed, else itself. */
export function configParts(config: AgentConfig | undefined): readonly AgentConfig[] {
  if (config === undefined) return [];
  const parts = (config as Partial<ComposedConfig>)[PARTS];
  return parts ?? [config];
}

/**
 * Runs `count` calls in order, each possibly asynchronous, and stays synchronous while
 * none returns a promise. `apply` takes each value and says whether to go on.
 */
function inOrder<V, T>(count: number, call: (index: number) => V | PromiseLike<V>, apply: (value: V) => boolean, finish: () => T): T | Promise<T> {
  for (let i = 0; i < count; i++) {
    const value = call(i);
    if (isPromiseLike(value)) return rest(value, i);
    if (!apply(value)) return finish();
  }
  return finish();
  async function rest(pending: PromiseLike<V>, from: number): Promise<T> {
    if (!apply(await pending)) return finish();
    for (let i = from + 1; i < count; i++) if (!apply(await call(i))) return finish();
    return finish();
  }
}

function hooksOf<F>(parts: readonly AgentConfig[], name: (typeof HOOK_NAMES)[number]): F[] {
  const hooks: F[] = [];
  for (const part of parts) {
    const hook = (part as unknown as Record<string, unknown>)[name];
    if (typeof hook === "function") hooks.push(hook.bind(part) as F);
  }
  return hooks;
}

function lastDefined<K extends "useParallelTools" | "toolCallLimit" | "finalAnswerInstruction" | "dataPolicy">(
  parts: readonly AgentConfig[],
  key: K,
): AgentConfig[K] {
  for (let i = parts.length - 1; i >= 0; i--) {
    const value = parts[i]![key];
    if (value !== undefined) return value;
  }
  return undefined;
}

function prepareStepOf(hooks: readonly PrepareStepHook[]): PrepareStepHook | undefined {
  if (hooks.length <= 1) return hooks[0];
  return (args) => {
    let current: PrepareStepArgs = args;
    let merged: StepOverrides = {};
    return inOrder(
      hooks.length,
      (i) => hooks[i]!(current),
      (overrides) => {
        if (!overrides) return true;
        merged = { ...merged, ...overrides };
        const { stop: _stop, ...plan } = overrides;
        current = { ...current, ...plan };
        return overrides.stop === undefined;
      },
      () => merged,
    );
  };
}

function beforeToolCallsOf(hooks: readonly BeforeToolCallsHook[]): BeforeToolCallsHook | undefined {
  if (hooks.length <= 1) return hooks[0];
  return (args) => {
    let current: BeforeToolCallsArgs = args;
    let decisions: Record<string, ToolCallDecision> | undefined;
    let stop: StopReason | true | undefined;
    return inOrder(
      hooks.length,
      (i) => hooks[i]!(current),
      (overrides) => {
        if (!overrides) return true;
        if (overrides.decisions) {
          decisions = { ...decisions, ...overrides.decisions };
          const next = decisions;
          current = {
            ...current,
            calls: current.calls.map(
              (planned): PlannedToolCall => (Object.hasOwn(next, planned.call.toolCallId) ? { ...planned, decision: next[planned.call.toolCallId]! } : planned),
            ),
          };
        }
        stop = overrides.stop;
        return stop === undefined;
      },
      (): ToolCallsOverrides => ({ ...(decisions ? { decisions } : {}), ...(stop === undefined ? {} : { stop }) }),
    );
  };
}

function afterToolBatchOf(hooks: readonly AfterToolBatchHook[]): AfterToolBatchHook | undefined {
  if (hooks.length <= 1) return hooks[0];
  return (args) => {
    let current: AfterToolBatchArgs = args;
    let results: Record<string, unknown> | undefined;
    let toolChoice: ToolChoice | undefined;
    let stop: StopReason | true | undefined;
    return inOrder(
      hooks.length,
      (i) => hooks[i]!(current),
      (overrides) => {
        if (!overrides) return true;
        if (overrides.results) {
          results = { ...results, ...overrides.results };
          const next = overrides.results;
          current = {
            ...current,
            results: current.results.map(
              (entry): ToolBatchResult => (Object.hasOwn(next, entry.call.toolCallId) ? { ...entry, result: next[entry.call.toolCallId] } : entry),
            ),
          };
        }
        if (overrides.toolChoice !== undefined) toolChoice = overrides.toolChoice;
        if (stop === undefined) stop = overrides.stop;
        return true;
      },
      (): ToolBatchOverrides => ({
        ...(results ? { results } : {}),
        ...(toolChoice === undefined ? {} : { toolChoice }),
        ...(stop === undefined ? {} : { stop }),
      }),
    );
  };
}

function shouldStopOf(hooks: readonly ShouldStopHook[]): ShouldStopHook | undefined {
  if (hooks.length <= 1) return hooks[0];
  return (args) => {
    let current: ShouldStopArgs = args;
    let decided = false;
    return inOrder(
      hooks.length,
      (i) => hooks[i]!(current),
      (decision) => {
        if (decision === undefined) return true;
        decided = true;
        current = { ...current, proposal: applyStopDecision(current.proposal, decision, current.state) };
        return true;
      },
      (): StopDecision | void => (decided ? decisionOf(current.proposal) : undefined),
    );
  };
}

/** The decision that turns any proposal into `outcome`. */
function decisionOf(outcome: StepOutcome): StopDecision {
  if (!outcome.stop) return false;
  return outcome.error ? { reason: outcome.reason, error: outcome.error } : outcome.reason;
}

function allOf<A>(hooks: readonly ((args: A) => void | Promise<void>)[]): ((args: A) => void | Promise<void>) | undefined {
  if (hooks.length <= 1) return hooks[0];
  return (args) =>
    inOrder(
      hooks.length,
      (i) => hooks[i]!(args),
      () => true,
      () => undefined,
    );
}

function adjustUsageOf(hooks: readonly AdjustUsageHook[]): AdjustUsageHook | undefined {
  if (hooks.length <= 1) return hooks[0];
  return (args) => {
    let current: AdjustUsageArgs = args;
    return inOrder(
      hooks.length,
      (i) => hooks[i]!(current),
      (usage: Usage | void) => {
        if (usage) current = { ...current, usage };
        return true;
      },
      () => current.usage,
    );
  };
}

/**
 * Combines agent configs into one. Hooks run config by config, in the order given,
 * each seeing what the ones before it decided:
 * - `prepareStep`: each sees the plan with earlier overrides applied; a stop ends it;
 * - `beforeToolCalls`: each sees the decisions so far; a stop ends it;
 * - `afterToolBatch`: each sees the results as changed so far; all run, the first stop wins;
 * - `shouldStop`: each sees the proposal as the ones before left it;
 * - `adjustUsage`: each adjusts the record the one before returned;
 * - `onRunStart`, `onStepEnd`, `onToolEvent`: all run, in order.
 * Settings: the last config that sets one wins; `nonIterativeTools` are joined.
 * Hooks may be plain functions, object methods or class methods (called on their
 * config); composed configs may be composed again.
 *
 * @example
 * const config = composeConfigs(mainThreadConfig(), loopDetection({ action: "warn" }), structuredOutput(Answer), approvals({ needsApproval: ["delete_file"] }), myConfig);
 */
export function composeConfigs(...configs: readonly (AgentConfig | undefined)[]): AgentConfig {
  const parts = configs.flatMap((config) => configParts(config));
  const nonIterative = [...new Set(parts.flatMap((part) => part.nonIterativeTools ?? []))];
  const composed: Record<string | symbol, unknown> = { [PARTS]: parts };
  const setting = <K extends "useParallelTools" | "toolCallLimit" | "finalAnswerInstruction" | "dataPolicy">(key: K): void => {
    const value = lastDefined(parts, key);
    if (value !== undefined) composed[key] = value;
  };
  setting("useParallelTools");
  setting("toolCallLimit");
  setting("finalAnswerInstruction");
  setting("dataPolicy");
  if (nonIterative.length > 0) composed.nonIterativeTools = nonIterative;
  const hooks: Record<(typeof HOOK_NAMES)[number], unknown> = {
    onRunStart: allOf(hooksOf<RunStartHook>(parts, "onRunStart") as ((args: RunStartArgs) => void | Promise<void>)[]),
    prepareStep: prepareStepOf(hooksOf(parts, "prepareStep")),
    beforeToolCalls: beforeToolCallsOf(hooksOf(parts, "beforeToolCalls")),
    afterToolBatch: afterToolBatchOf(hooksOf(parts, "afterToolBatch")),
    onStepEnd: allOf(hooksOf<StepEndHook>(parts, "onStepEnd") as ((args: StepEndArgs) => void | Promise<void>)[]),
    shouldStop: shouldStopOf(hooksOf(parts, "shouldStop")),
    onToolEvent: allOf(hooksOf<ToolEventHook>(parts, "onToolEvent") as ((args: ToolEventArgs) => void)[]),
    adjustUsage: adjustUsageOf(hooksOf(parts, "adjustUsage")),
  };
  for (const name of HOOK_NAMES) if (hooks[name] !== undefined) composed[name] = hooks[name];
  return composed as unknown as AgentConfig;
}
