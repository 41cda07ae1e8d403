import {
  validUsage,
  type AgentConfig,
  type AgentContext,
  type AgentEvent,
  type AgentState,
  type BatchCall,
  type FinishReason,
  type Message,
  type ModelProvider,
  type ModelRequest,
  type RunResult,
  type StepOutcome,
  type SubAgentRequest,
  type TokenUsage,
  type ToolBatchResult,
  type ToolCallPart,
  type ToolEvent,
  type ToolRegistry,
  type UnstampedEvent,
  type Usage,
} from "@baton/core";
import type { AbortHub } from "../abort/abort-hub.js";
import { Interruption } from "../abort/interruption.js";
import type { AgentEvents } from "../events/agent-events.js";
import type { RunLog } from "../logging/run-log.js";
import type { BudgetHold } from "../budget/run-budget.js";
import { defaultFinalAnswerInstruction } from "../config/defaults.js";
import { OfferedTools } from "../tools/offered-tools.js";
import type { ToolRunEnvironment } from "../tools/tool-run-environment.js";
import { insertUsage } from "../state/insert-usage.js";
import type { RunSettings } from "./run-settings.js";
import type { RunTree } from "./run-tree.js";
import { CallMessages } from "./call-messages.js";
import { loadedOptionalParts, withOptionalParts } from "../optional/load-optional-parts.js";

/** What the model turn of the current step produced, for the steps after it. */
export interface TurnSummary {
  readonly iteration: number;
  readonly model: string;
  /** The turn's text (the model's own). */
  readonly text: string;
  /** The calls that stay in the turn (after `beforeToolCalls` dropped any). */
  toolCalls: readonly ToolCallPart[];
  readonly finishReason: FinishReason;
  readonly usage: TokenUsage;
  /** Whether the model answered: its turn called no tools. */
  readonly answered: boolean;
}

/** What an {@link AgentRun} is made of. */
export interface AgentRunInit {
  readonly tree: RunTree;
  readonly state: AgentState;
  readonly provider: ModelProvider;
  /** The base model of the run. */
  readonly model: string;
  /** The run's own registry (a copy of the tools it was given). */
  readonly registry: ToolRegistry;
  /** The agent's config, composed (its hooks are pipelines). */
  readonly config: AgentConfig;
  readonly settings: RunSettings;
  readonly events: AgentEvents;
  readonly abort: AbortHub;
  /** The run that started this one (through a tool call), for nested runs. */
  readonly parent?: AgentRun;
  /** Whether the run continues from a saved state (`onRunStart` does not run again). */
  readonly resumed: boolean;
  /** The agent's log: only when the run has a `logger`. */
  readonly log?: RunLog | undefined;
}

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * One agent's run in progress: its state (the serializable part) and everything that
 * drives it (provider, tools, config, events, abort, the tree it belongs to), plus
 * what one step hands the next. The steps (`steps/`) are functions of it; it is also
 * the environment its tools run in.
 */
export class AgentRun implements ToolRunEnvironment {
  readonly state: AgentState;
  readonly tree: RunTree;
  readonly provider: ModelProvider;
  readonly model: string;
  readonly registry: ToolRegistry;
  readonly config: AgentConfig;
  readonly settings: RunSettings;
  readonly events: AgentEvents;
  readonly abort: AbortHub;
  readonly parent: AgentRun | undefined;
  readonly resumed: boolean;
  /** The agent's log; undefined (and never touched) without a `logger`. */
  readonly log: RunLog | undefined;
  /** When the agent's run started (`performance.now()`), for its logged duration; set only with a log. */
  logStartedAt = 0;
  readonly useParallelTools: boolean;
  readonly nonIterativeTools: ReadonlySet<string>;
  readonly finalAnswerInstruction: string;
  /** The registry's tools as definitions (cached while the registry does not change). */
  readonly offered = new OfferedTools();

  /** The request the prepare step built for the model step. */
  request: ModelRequest | undefined;
  /** Names of the tools offered with the current call (calls of others are unknown tools). */
  offeredNames: ReadonlySet<string> = NO_NAMES;
  /** Whether the current call must give the final answer (its tool calls do not run). */
  finalAnswer = false;
  /** Whether a step started (`step-start` was emitted) and has not ended yet. */
  stepOpen = false;
  /** Whether the last model call was a retry after the context engine trimmed an overflowing request (one retry, not more). */
  overflowRetried = false;
  /** The model turn of the current step. */
  turn: TurnSummary | undefined;
  /** The current batch's results as the model reads them (for `onStepEnd`). */
  batchResults: readonly ToolBatchResult[] = [];
  /** A stop decided during the current step (by a hook, or a final turn that still called tools). */
  stepStop: Extract<StepOutcome, { stop: true }> | undefined;
  /** The budget hold of the model call in flight (released when its usage is recorded). */
  hold: BudgetHold | undefined;
  /** Input tokens of this agent's previous call: the budget's estimate without a token counter. */
  lastInputTokens = 0;
  /** The messages of the model calls, kept from call to call (made at the first call after a turn). */
  private callMessages: CallMessages | undefined;
  /** Whether the current model call streamed anything (a call that failed after it did is not retried). */
  producedThisTurn = false;
  private contextValue: AgentContext | undefined;

  constructor(init: AgentRunInit) {
    this.state = init.state;
    this.tree = init.tree;
    this.provider = init.provider;
    this.model = init.model;
    this.registry = init.registry;
    this.config = init.config;
    this.settings = init.settings;
    this.events = init.events;
    this.abort = init.abort;
    this.parent = init.parent;
    this.resumed = init.resumed;
    this.log = init.log;
    this.useParallelTools = init.config.useParallelTools ?? true;
    const nonIterative = init.config.nonIterativeTools;
    this.nonIterativeTools = nonIterative && nonIterative.length > 0 ? new Set(nonIterative) : NO_NAMES;
    this.finalAnswerInstruction = init.config.finalAnswerInstruction ?? defaultFinalAnswerInstruction(init.state.toolCallLimit);
  }

  get runId(): string {
    return this.tree.runId;
  }

  get agentPath(): string {
    return this.state.agentPath;
  }

  /** What hooks receive besides the state (made on first use). */
  get hookContext(): AgentContext {
    // Only hooks read it, and a run whose config has hooks has its optional parts loaded (see startRun).
    return (this.contextValue ??= loadedOptionalParts().agentContextOf(this));
  }

  /** Emits an event of this agent. */
  emit(event: UnstampedEvent): void {
    this.events.emit(event);
  }

  /** Waits while a consumer is behind (backpressure), or until the run is aborted. */
  waitForConsumers(): Promise<void> | undefined {
    const ready = this.events.scope.ready;
    if (!ready) return undefined;
    const interruption = new Interruption(this.abort);
    return interruption.race(ready).finally(() => interruption.dispose());
  }

  /** Adds a usage record of this agent (a model call, or usage a tool reported): budget, event, and every ancestor. */
  addUsage(reported: Usage): void {
    // A tool's report may carry counts that are not numbers; a model call's were checked as they streamed.
    const record = validUsage(reported);
    this.settings.budget?.record(record);
    insertUsage(this.state.usage, record);
    if (this.events.active) this.emit({ type: "usage", usage: record });
    this.report(record);
  }

  /** Takes a nested run's usage record into this run's records, and on up the tree. */
  private report(record: Usage): void {
    const parent = this.parent;
    if (parent) {
      insertUsage(parent.state.usage, record);
      parent.report(record);
    } else {
      void this.tree.persistence?.recordUsage(record, this.tree.conversation, this.tree.userId);
    }
  }

  // The listener of this agent's model turns (see streamModelTurn).

  /** A text delta of the model turn in progress. */
  onText(text: string): void {
    this.producedThisTurn = true;
    if (this.events.active) this.emit({ type: "text-delta", text });
  }

  /** A reasoning delta of the model turn in progress. */
  onReasoning(text: string, id: string | undefined): void {
    this.producedThisTurn = true;
    if (this.events.active) this.emit({ type: "reasoning-delta", text, ...(id === undefined ? {} : { id }) });
  }

  /** The id of a call the provider gave none: unique to the run, the iteration and the call's place in its turn. */
  fallbackToolCallId(position: number): string {
    return `call_${this.tree.runId.slice(0, 8)}_${this.state.iteration}_${position}`;
  }

  /** Text a hook sends to the user: streamed now, stored before the next turn's text. */
  sendText(text: string): void {
    this.state.sentText += text;
    if (this.events.active) this.emit({ type: "text-delta", text });
  }

  // The environment of this run's tools.

  get defaultTimeoutMs(): number | undefined {
    return this.settings.toolTimeoutMs;
  }

  get maxErrorLength(): number {
    return this.settings.maxToolErrorLength;
  }

  get context(): Readonly<Record<string, unknown>> {
    return this.settings.context;
  }

  get agentState(): Record<string, unknown> {
    return this.state.custom;
  }

  messages(): readonly Message[] {
    const { messages, inLoopMessages } = this.state;
    if (inLoopMessages.length === 0) return messages;
    return (this.callMessages ??= new CallMessages()).of(messages, inLoopMessages);
  }

  ready(): Promise<void> | undefined {
    return this.events.scope.ready;
  }

  get toolEventsWanted(): boolean {
    return this.events.active || this.config.onToolEvent !== undefined;
  }

  emitToolEvent(event: Extract<UnstampedEvent, { type: ToolEvent["type"] }>): void {
    // A run with storage keeps its tools' progress steps for its stored answer (its optional parts are loaded).
    if (event.type === "tool-progress" && event.step && this.tree.persistence)
      loadedOptionalParts().recordProgressStep(this.state.progress, event.toolCallId, event.toolName, event.step);
    const hook = this.config.onToolEvent;
    const stamped = this.events.emit(event, hook !== undefined);
    if (!hook || !stamped) return;
    try {
      void hook({ event: stamped as ToolEvent, context: this.hookContext });
    } catch {
      // An observer must not break the tool it observes.
    }
  }

  emitAgentEvent(event: AgentEvent): void {
    this.emit(event);
  }

  metadataFor(toolCallId: string): Record<string, unknown> {
    return (this.state.toolMetadata[toolCallId] ??= {});
  }

  runSubAgent(request: SubAgentRequest, signal: AbortSignal, entry: BatchCall, ordinal: number): Promise<RunResult> {
    // The sub-agent runner is one of the loop's optional parts, loaded when a run first spawns a sub-agent.
    return withOptionalParts((parts) => parts.runNestedAgent(this, request, signal, entry, ordinal));
  }
}
