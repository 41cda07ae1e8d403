import type { AgentConfig, AgentContext, OrchestratorState, PendingToolCall, SpecialToolOutcome, Tool, ToolCallPart, Usage, UsageCalculationInput } from "@baton/core";
import type { OrchestrationDefinition } from "./definition-schema.js";
import { nextSequenceTool, offeredToolNames, refusalMessage } from "./offered-tools.js";
import type { OrchestrationSessionState } from "./session-state.js";
import { sameSessionState } from "./session-state.js";
import type { SessionStateHolder } from "./session-state-holder.js";
import type { StepPredicate } from "./step-predicate.js";
import { findStep, selectStep } from "./step-selection.js";

/** Key of `state.custom` where a run mirrors its orchestration state (kept in checkpoints). */
export const ORCHESTRATION_CUSTOM_KEY = "orchestration";

/** What one run's hooks need from the orchestration. */
export interface StepRunSetup {
  readonly definition: OrchestrationDefinition;
  readonly predicates: Readonly<Record<string, StepPredicate>>;
  readonly historyLimit: number;
  readonly holder: SessionStateHolder;
  /** Every orchestrated tool, in the run's order. */
  readonly tools: readonly Tool[];
  readonly base: AgentConfig;
}

/** Parses argument text the loop's default way: empty text is `{}`, anything else JSON. */
function parseArguments(raw: string): unknown {
  return raw.trim() === "" ? {} : JSON.parse(raw);
}

/**
 * The hooks of one orchestrated run. Before the tools of a turn run it refuses the
 * calls the active step does not allow (a tool not offered, or a second call while a
 * sequence goes one call at a time); after the batch it records the tools that
 * succeeded in call order, advances the sequence, picks the step that now applies,
 * offers that step's tools through the run's registry and queues the state's save,
 * which is awaited before the step ends.
 */
export class StepRun {
  private readonly toolsByName: ReadonlyMap<string, Tool>;
  private readonly toolNames: readonly string[];
  /** The tools in the run's registry now (what the loop offers next turn). */
  private offered: readonly string[];
  /** Refused calls of the current batch, with what the model is told. */
  private readonly refused = new Map<string, string>();
  /** Whether this batch already holds the one allowed call of the sequence. */
  private sequenceCallAdmitted = false;
  /** Tools that succeeded in this batch, in call order. */
  private usedInBatch: string[] = [];
  /** Failed calls seen in this batch, by tool name. */
  private readonly failuresSeen = new Map<string, number>();

  constructor(private readonly setup: StepRunSetup) {
    this.toolsByName = new Map(setup.tools.map((tool) => [tool.name, tool]));
    this.toolNames = setup.tools.map((tool) => tool.name);
    this.offered = this.offeredFor(setup.holder.get());
  }

  /** The tools to offer on the run's first turn. */
  initialTools(): Tool[] {
    return this.offered.map((name) => this.toolsByName.get(name)!);
  }

  /** The agent config of the run: the base config with the orchestration's hooks around its own. */
  config(): AgentConfig {
    const base = this.setup.base;
    return {
      ...base,
      initializeAgentState: (state) => {
        this.mirror(state);
        return base.initializeAgentState?.(state);
      },
      preprocessToolArguments: (call, context, metadata) => {
        this.admit(call);
        return base.preprocessToolArguments ? base.preprocessToolArguments(call, context, metadata) : parseArguments(call.rawArguments);
      },
      handleSpecialTools: (toolName, result, call, context, state) => {
        const own = this.afterCall(toolName, call, context, state);
        const current = own && "modifiedResult" in own ? own.modifiedResult : result;
        const theirs = base.handleSpecialTools?.(toolName, current, call, context, state);
        if (!own) return theirs;
        return theirs ? { ...own, ...theirs } : own;
      },
      calculateUsage: async (usage: Usage, input: UsageCalculationInput) => {
        // The batch's state change is saved before the step ends (and before the next model call).
        await this.setup.holder.flush();
        return base.calculateUsage ? base.calculateUsage(usage, input) : usage;
      },
    };
  }

  private offeredFor(state: OrchestrationSessionState): string[] {
    return offeredToolNames(this.toolNames, findStep(this.setup.definition, state.activeStep), state.sequencePosition);
  }

  /** Decides, before a call runs, whether the active step allows it. Throws to keep a surplus sequence call from running. */
  private admit(call: PendingToolCall): void {
    const name = call.toolName;
    if (!this.toolsByName.has(name)) return; // Not an orchestrated tool: the loop reports it as unknown.
    const state = this.setup.holder.get();
    const step = findStep(this.setup.definition, state.activeStep);
    if (!this.offered.includes(name)) {
      this.refused.set(call.toolCallId, refusalMessage(name, step, state.sequencePosition, this.offered));
      return; // The loop does not run a tool it did not offer.
    }
    if (nextSequenceTool(step, state.sequencePosition) === undefined) return;
    if (!this.sequenceCallAdmitted) {
      this.sequenceCallAdmitted = true;
      return;
    }
    const message = refusalMessage(name, step, state.sequencePosition, this.offered, true);
    this.refused.set(call.toolCallId, message);
    throw new Error(message);
  }

  /** Records one call's outcome (in call order); after the batch's last call, updates the state. */
  private afterCall(toolName: string, call: ToolCallPart, context: AgentContext, state: OrchestratorState): SpecialToolOutcome | undefined {
    const index = state.lastToolCalls.findIndex((c) => c.toolCallId === call.toolCallId);
    if (index <= 0) {
      this.usedInBatch = [];
      this.failuresSeen.clear();
    }
    // The loop lists a failed call's tool in `lastIterationErroredTools` just before this hook.
    const failures = state.lastIterationErroredTools.filter((name) => name === toolName).length;
    const seen = this.failuresSeen.get(toolName) ?? 0;
    const failed = failures > seen;
    if (failed) this.failuresSeen.set(toolName, seen + 1);

    const refusal = this.refused.get(call.toolCallId);
    if (refusal === undefined && !failed && this.toolsByName.has(toolName)) this.usedInBatch.push(toolName);
    if (index === -1 || index === state.lastToolCalls.length - 1) this.finishBatch(context, state);
    if (refusal === undefined) return undefined;
    const metadata = (state.toolMetadata[call.toolCallId] ??= {});
    metadata["summary"] = refusal;
    return { modifiedResult: refusal };
  }

  /** After a batch: history, sequence position, active step, offered tools, save. */
  private finishBatch(context: AgentContext, runState: OrchestratorState): void {
    const { definition, predicates, historyLimit, holder } = this.setup;
    const before = holder.get();
    const step = findStep(definition, before.activeStep);
    let position = before.sequencePosition;
    const recent = [...before.recentTools];
    for (const tool of this.usedInBatch) {
      recent.push(tool);
      if (nextSequenceTool(step, position) === tool) position++;
    }
    if (recent.length > historyLimit) recent.splice(0, recent.length - historyLimit);
    const input = { activeStep: before.activeStep, recentTools: recent, lastBatch: [...this.usedInBatch], state: runState, context };
    const next = selectStep(definition, { step, position }, input, predicates);
    if (next !== step) position = 0;
    const after: OrchestrationSessionState = { activeStep: next?.name, recentTools: recent, sequencePosition: position, version: before.version };
    if (!sameSessionState(before, after)) holder.update(after);

    this.offer(this.offeredFor(after), context);
    this.mirror(runState);
    this.refused.clear();
    this.sequenceCallAdmitted = false;
    this.usedInBatch = [];
    this.failuresSeen.clear();
  }

  /** Puts exactly the given tools, in order, in the run's registry (the loop offers its list each turn). */
  private offer(names: readonly string[], context: AgentContext): void {
    if (names.length === this.offered.length && names.every((name, i) => name === this.offered[i])) return;
    context.registry.clear();
    for (const name of names) context.registry.register(this.toolsByName.get(name)!);
    this.offered = names;
  }

  private mirror(state: OrchestratorState): void {
    const current = this.setup.holder.get();
    state.custom[ORCHESTRATION_CUSTOM_KEY] = {
      activeStep: current.activeStep ?? null,
      recentTools: [...current.recentTools],
      sequencePosition: current.sequencePosition,
      offeredTools: [...this.offered],
    };
  }
}
