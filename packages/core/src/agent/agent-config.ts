import type { Message, ToolCallPart } from "../messages/index.js";
import type { ModelProvider, ToolChoice, ToolDefinition } from "../model/index.js";
import type { ToolRegistry } from "../tools/index.js";
import type { Usage } from "../usage/index.js";
import type { AgentEvent, ToolEvent } from "../events/index.js";
import type { DataPolicy } from "./data-policy.js";
import type { NoToolCallsReason } from "./stop-reason.js";
import type { OrchestratorState } from "./orchestrator-state.js";

/** What hooks receive besides the state: the run's fixed surroundings. */
export interface AgentContext {
  readonly runId: string;
  readonly agentPath: string;
  /** The tools of this run. A hook may change it (for example `clear()` before a final turn). */
  readonly registry: ToolRegistry;
  readonly provider: ModelProvider;
  /** The base model id of the run. */
  readonly model: string;
  /** The application's context given to the run. */
  readonly context: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal;
  /**
   * Sends text to the user as if the model had written it (a `text-delta` event);
   * it becomes part of the run's final text.
   */
  sendText(text: string): void;
  /** Sends a plan, handoff or loop-detection event into the run's stream (stamped like every event). */
  emit(event: AgentEvent): void;
}

/** The decision of `onNoToolCalls`. */
export interface NoToolCallsDecision {
  readonly shouldContinue: boolean;
}

/** What `handleSpecialTools` may change after a tool ran. */
export interface SpecialToolOutcome {
  /** Replaces the result the model sees. */
  readonly modifiedResult?: unknown;
  /** Forces the tool choice of the next model call. */
  readonly forceToolChoice?: ToolChoice;
  /** Replaces the run's conversation messages (`state.messages`). */
  readonly modifiedMessages?: readonly Message[];
}

/** A tool call as hooks see it before execution: parsed name and the raw argument text. */
export interface PendingToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The arguments as the model streamed them. */
  readonly rawArguments: string;
}

/** What `calculateUsage` receives besides the base usage. */
export interface UsageCalculationInput {
  readonly text: string;
  readonly toolCalls: readonly ToolCallPart[];
  /** Whether tools were sent with the call. */
  readonly toolsSent: boolean;
  readonly tools: readonly ToolDefinition[];
  readonly state: Readonly<OrchestratorState>;
}

/**
 * An agent config: hooks that shape the loop. Every hook is optional and has a
 * default, so `{}` runs an ordinary tool-using agent.
 *
 * @example
 * // Stop after the first tool batch and never send tools twice:
 * const config: AgentConfig = {
 *   shouldSendTools: (state) => state.iteration === 0,
 * };
 */
export interface AgentConfig {
  /** Whether the model may emit several tool calls per turn and tools run concurrently. Default true. */
  readonly useParallelTools?: boolean;
  /** Default tool-call limit of this agent (a run option overrides it). Default 25. */
  readonly toolCallLimit?: number;
  /** Tools whose calls do not count against the tool-call limit. */
  readonly nonIterativeTools?: readonly string[];
  /** Instruction injected when the limit is reached and the last turn is asked to answer. */
  readonly finalAnswerInstruction?: string;

  /** Sets up agent-specific state (in `state.custom`) before the first iteration. Default: nothing. */
  initializeAgentState?(state: OrchestratorState): void;
  /**
   * Whether to run another iteration. Default: `state.hasToolCalls` (the model called
   * tools last turn, or this is the first turn).
   */
  shouldContinueLoop?(state: OrchestratorState): boolean;
  /**
   * Whether to send tools with this call. Default: tools exist, the final answer has
   * not been requested and the tool-call limit is not reached.
   */
  shouldSendTools?(state: OrchestratorState, tools: readonly ToolDefinition[]): boolean;
  /** The model id for this call. Default: the run's model. */
  getModelId?(state: OrchestratorState, baseModel: string): string;
  /**
   * Called when there is nothing to execute. Default: stop on `NO_CALLS_GENERATED`,
   * continue (one final turn without tools) on `LIMIT_REACHED`, continue (the model
   * sees the refusal) on `TOOLS_DISABLED`.
   */
  onNoToolCalls?(
    state: OrchestratorState,
    context: AgentContext,
    reason: NoToolCallsReason,
    toolCalls?: readonly ToolCallPart[],
  ): NoToolCallsDecision | Promise<NoToolCallsDecision>;
  /** Sees the calls before they run; returning true ends the loop without running them. Default: false. */
  processToolCalls?(toolCalls: readonly ToolCallPart[], state: OrchestratorState, context: AgentContext): boolean | Promise<boolean>;
  /** Told which calls are about to run. Default: nothing. */
  onToolsSelected?(toolCalls: readonly ToolCallPart[], state: OrchestratorState, context: AgentContext): void | Promise<void>;
  /** Told of every tool event (start, progress, stream, done, error) as it happens. Default: nothing. */
  onToolProgress?(toolName: string, event: ToolEvent, context: AgentContext): void;
  /**
   * Turns the raw argument text into arguments. Default: `JSON.parse` (empty text is
   * `{}`). Throwing makes the call an invalid-arguments error result.
   */
  preprocessToolArguments?(
    toolCall: PendingToolCall,
    context: AgentContext,
    toolMetadata: Readonly<Record<string, Record<string, unknown>>>,
  ): unknown | Promise<unknown>;
  /** After each call (in call order): change its result, force the next tool, or rewrite messages. Default: nothing. */
  handleSpecialTools?(
    toolName: string,
    result: unknown,
    toolCall: ToolCallPart,
    context: AgentContext,
    state: OrchestratorState,
  ): SpecialToolOutcome | void | undefined | Promise<SpecialToolOutcome | void | undefined>;
  /** Adjusts the usage record of a model call (e.g. add system-prompt tokens). Default: unchanged. */
  calculateUsage?(base: Usage, input: UsageCalculationInput): Usage | Promise<Usage>;
  /** What this agent may store. Default: everything. */
  getDataPolicy?(): DataPolicy;
}
