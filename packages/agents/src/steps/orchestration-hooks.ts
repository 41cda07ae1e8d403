import type { AgentConfig, AgentContext, AgentState, ToolBatchResult, ToolCallDecision } from "@baton/core";
import type { OrchestrationDefinition } from "./definition-schema.js";
import { checkDefinitionTools } from "./parse-definition.js";
import { nextSequenceTool, offeredToolNames, refusalMessage } from "./offered-tools.js";
import { sameSessionState, type OrchestrationSessionState } from "./session-state.js";
import type { SessionStateHolder } from "./session-state-holder.js";
import type { SessionStateStore } from "./session-state-store.js";
import type { StepPredicate } from "./step-predicate.js";
import { findStep, selectStep } from "./step-selection.js";

/** Key of `state.custom` where a run keeps its orchestration state (so it is in every checkpoint). */
export const ORCHESTRATION_CUSTOM_KEY = "orchestration";

/** What a run keeps under {@link ORCHESTRATION_CUSTOM_KEY}. */
export interface OrchestrationRunState {
  readonly activeStep: string | null;
  readonly recentTools: readonly string[];
  readonly sequencePosition: number;
  /** The tools offered with the last model call. */
  readonly offeredTools: readonly string[];
}

/** What the hooks of an orchestration need. */
export interface OrchestrationHooksSetup {
  readonly definition: OrchestrationDefinition;
  readonly predicates: Readonly<Record<string, StepPredicate>>;
  readonly historyLimit: number;
  readonly holder: SessionStateHolder;
  readonly load: (store: SessionStateStore) => Promise<OrchestrationSessionState>;
}

function runStateOf(state: AgentState): OrchestrationRunState | undefined {
  return state.custom[ORCHESTRATION_CUSTOM_KEY] as OrchestrationRunState | undefined;
}

function keep(state: AgentState, session: OrchestrationSessionState, offeredTools: readonly string[]): void {
  const value: OrchestrationRunState = {
    activeStep: session.activeStep ?? null,
    recentTools: [...session.recentTools],
    sequencePosition: session.sequencePosition,
    offeredTools: [...offeredTools],
  };
  state.custom[ORCHESTRATION_CUSTOM_KEY] = value;
}

function sessionOf(value: OrchestrationRunState, version: number): OrchestrationSessionState {
  return { activeStep: value.activeStep ?? undefined, recentTools: value.recentTools, sequencePosition: value.sequencePosition, version };
}

/**
 * The hooks that steer a run by the orchestration's steps, reading and writing only the
 * run's state (so a run resumed in another process is steered the same way):
 * - `onRunStart`: loads the session's state from the store into the run's state;
 * - `prepareStep` (before every model call, the first included): offers only the tools
 *   the active step allows (the next tool of an unfinished sequence);
 * - `beforeToolCalls`: refuses, with a result the model reads, a call of a tool the
 *   step does not offer and every call after the first while a sequence goes one call
 *   at a time;
 * - `afterToolBatch`: records the tools that succeeded in call order, advances the
 *   sequence, picks the step that now applies, and saves the session's state (the save
 *   is awaited before the next model call; a conflict ends the run with its error).
 */
export function orchestrationHooks(setup: OrchestrationHooksSetup): AgentConfig {
  const { definition, predicates, historyLimit, holder } = setup;
  /** Whether the holder was loaded from the store in this process (a resumed run was not). */
  let loaded = false;
  /** Every tool of a run (offered or not), by agent state: a call of one the step hides is refused, not unknown. */
  const runTools = new WeakMap<AgentState, ReadonlySet<string>>();
  const load = async (): Promise<void> => {
    await holder.reload(setup.load);
    loaded = true;
  };

  return {
    onRunStart: async ({ state }) => {
      await load();
      keep(state, holder.get(), []);
    },
    prepareStep: ({ state, activeTools, tools, stepNumber }) => {
      if (stepNumber === 0) checkDefinitionTools(definition, tools);
      if (!runTools.has(state)) runTools.set(state, new Set(tools.map((tool) => tool.name)));
      const current = runStateOf(state) ?? { ...holder.get(), activeStep: holder.get().activeStep ?? null, offeredTools: [] };
      const offered = offeredToolNames(activeTools, findStep(definition, current.activeStep ?? undefined), current.sequencePosition);
      keep(state, sessionOf(current, 0), offered);
      return { activeTools: offered };
    },
    beforeToolCalls: ({ state, calls }) => {
      const current = runStateOf(state);
      if (!current) return undefined;
      const step = findStep(definition, current.activeStep ?? undefined);
      const oneAtATime = nextSequenceTool(step, current.sequencePosition) !== undefined;
      const known = runTools.get(state);
      let admitted = false;
      const decisions: Record<string, ToolCallDecision> = {};
      for (const planned of calls) {
        // Unknown tools are the loop's to report; decided calls keep their decision.
        const isKnown = known ? known.has(planned.call.toolName) : planned.tool !== undefined;
        if (!isKnown || planned.decision.type !== "run") continue;
        const name = planned.call.toolName;
        if (!current.offeredTools.includes(name)) {
          decisions[planned.call.toolCallId] = { type: "refuse", result: refusalMessage(name, step, current.sequencePosition, current.offeredTools) };
        } else if (oneAtATime && admitted) {
          decisions[planned.call.toolCallId] = { type: "refuse", result: refusalMessage(name, step, current.sequencePosition, current.offeredTools, true) };
        } else {
          admitted = true;
        }
      }
      return Object.keys(decisions).length > 0 ? { decisions } : undefined;
    },
    afterToolBatch: async ({ state, context, results }) => {
      const current = runStateOf(state);
      if (!current) return;
      if (!loaded) await load();
      const used = usedTools(results, current.offeredTools);
      const step = findStep(definition, current.activeStep ?? undefined);
      let position = current.sequencePosition;
      const recent = [...current.recentTools];
      for (const tool of used) {
        recent.push(tool);
        if (nextSequenceTool(step, position) === tool) position++;
      }
      if (recent.length > historyLimit) recent.splice(0, recent.length - historyLimit);
      const input = { activeStep: current.activeStep ?? undefined, recentTools: recent, lastBatch: used, state, context: context as AgentContext };
      const next = selectStep(definition, { step, position }, input, predicates);
      if (next !== step) position = 0;
      const before = holder.get();
      const after: OrchestrationSessionState = { activeStep: next?.name, recentTools: recent, sequencePosition: position, version: before.version };
      keep(state, after, current.offeredTools);
      if (!sameSessionState(before, after)) holder.update(after);
      await holder.flush();
    },
  };
}

/** The offered tools of a batch that succeeded, in call order. */
function usedTools(results: readonly ToolBatchResult[], offered: readonly string[]): string[] {
  const used: string[] = [];
  for (const entry of results) if (entry.status === "ok" && offered.includes(entry.call.toolName)) used.push(entry.call.toolName);
  return used;
}
