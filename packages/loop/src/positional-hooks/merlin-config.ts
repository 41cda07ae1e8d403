import {
  InvalidToolArgumentsError,
  errorMessage,
  isPromiseLike,
  type AgentConfig,
  type AgentContext,
  type AgentState,
  type DataPolicy,
  type Message,
  type StopReason,
  type ToolCallDecision,
  type ToolCallPart,
  type ToolChoice,
  type ToolDefinition,
  type ToolEvent,
  type Usage,
} from "@baton/core";

/**
 * Why `onNoToolCalls` is called:
 * - `NO_CALLS_GENERATED`: the model answered without tool calls;
 * - `LIMIT_REACHED`: the tool-call limit is reached; continuing means one last turn without tools;
 * - `TOOLS_DISABLED`: a called tool was refused by its `shouldUse` check.
 */
export type NoToolCallsReason = "NO_CALLS_GENERATED" | "LIMIT_REACHED" | "TOOLS_DISABLED";

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

/** A tool call as `preprocessToolArguments` sees it: its name and the raw argument text. */
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
  readonly toolsSent: boolean;
  readonly tools: readonly ToolDefinition[];
  readonly state: Readonly<AgentState>;
}

/** A value, or a promise of it (what a positional hook may return). */
export type MaybePromise<T> = T | Promise<T>;

/**
 * An agent config with the positional lifecycle hooks of the orchestrator described in
 * the design documents (`shared/design/000`–`001`). {@link merlinConfig} turns one into
 * an {@link AgentConfig}. Each hook's default is the loop's own behaviour.
 */
export interface MerlinAgentConfig {
  readonly useParallelTools?: boolean;
  readonly toolCallLimit?: number;
  readonly nonIterativeTools?: readonly string[];
  readonly finalAnswerInstruction?: string;
  /** Sets up agent state (`state.custom`) before the first iteration of a new run. */
  initializeAgentState?(state: AgentState): void | Promise<void>;
  /** Whether to run another iteration; asked before every model call. */
  shouldContinueLoop?(state: AgentState): MaybePromise<boolean>;
  /** Whether to send tools with this call. */
  shouldSendTools?(state: AgentState, tools: readonly ToolDefinition[]): MaybePromise<boolean>;
  /** The model id of this call. */
  getModelId?(state: AgentState, baseModel: string): MaybePromise<string>;
  /** Called when there is nothing to execute: the model answered, the limit is reached, or a tool was not enabled. */
  onNoToolCalls?(state: AgentState, context: AgentContext, reason: NoToolCallsReason, toolCalls?: readonly ToolCallPart[]): MaybePromise<NoToolCallsDecision>;
  /** Sees a turn's calls first; returning true ends the loop without running them. */
  processToolCalls?(toolCalls: readonly ToolCallPart[], state: AgentState, context: AgentContext): MaybePromise<boolean>;
  /** Told which calls are about to run (once per batch). */
  onToolsSelected?(toolCalls: readonly ToolCallPart[], state: AgentState, context: AgentContext): void | Promise<void>;
  /** Told of every tool event as it happens. */
  onToolProgress?(toolName: string, event: ToolEvent, context: AgentContext): void;
  /** Turns a call's raw argument text into its arguments; throwing makes the call an invalid-arguments error result. */
  preprocessToolArguments?(toolCall: PendingToolCall, context: AgentContext, toolMetadata: Readonly<Record<string, Record<string, unknown>>>): unknown;
  /** After the batch, per call in call order: change its result, force the next tool, or rewrite the messages. */
  handleSpecialTools?(
    toolName: string,
    result: unknown,
    toolCall: ToolCallPart,
    context: AgentContext,
    state: AgentState,
  ): MaybePromise<SpecialToolOutcome | void | undefined>;
  /** Adjusts the usage record of a model call. */
  calculateUsage?(base: Usage, input: UsageCalculationInput): MaybePromise<Usage>;
  /** What this agent may store. */
  getDataPolicy?(): DataPolicy;
}

/** Applies `next` to a value now, or once its promise settles. */
function then<T, R>(value: T | PromiseLike<T>, next: (value: T) => R): R | Promise<Awaited<R>> {
  return isPromiseLike(value) ? (Promise.resolve(value).then(next) as Promise<Awaited<R>>) : next(value);
}

/** The hooks of a config, bound to it (class methods included). */
function methodsOf(config: MerlinAgentConfig): { [K in keyof MerlinAgentConfig]?: Extract<MerlinAgentConfig[K], (...args: never[]) => unknown> } {
  const bound: Record<string, unknown> = {};
  const names = [
    "initializeAgentState",
    "shouldContinueLoop",
    "shouldSendTools",
    "getModelId",
    "onNoToolCalls",
    "processToolCalls",
    "onToolsSelected",
    "onToolProgress",
    "preprocessToolArguments",
    "handleSpecialTools",
    "calculateUsage",
    "getDataPolicy",
  ];
  for (const name of names) {
    const hook = (config as unknown as Record<string, unknown>)[name];
    if (typeof hook === "function") bound[name] = hook.bind(config);
  }
  return bound;
}

/** Why a run stops when `shouldContinueLoop` says so (as the design's loop reads it). */
function endReason(state: AgentState): StopReason {
  return state.stopReason ?? (state.hasToolCalls ? "ended_by_hook" : state.finalAnswerRequested ? "tool_call_limit" : "completed");
}

/**
 * Adapts a config of positional lifecycle hooks (the names and behaviours of
 * `shared/design/000`–`001`) onto Baton's object hooks:
 *
 * | design hook | runs in |
 * | --- | --- |
 * | `initializeAgentState` | `onRunStart` |
 * | `shouldContinueLoop`, `shouldSendTools`, `getModelId` | `prepareStep` |
 * | `processToolCalls` → `onToolsSelected` → `preprocessToolArguments` | `beforeToolCalls`, in that order, before execution |
 * | `handleSpecialTools`, `onNoToolCalls("TOOLS_DISABLED")` | `afterToolBatch` |
 * | `onNoToolCalls("NO_CALLS_GENERATED" / "LIMIT_REACHED")` | `shouldStop` |
 * | `calculateUsage` | `adjustUsage` |
 * | `onToolProgress` | `onToolEvent` |
 * | `getDataPolicy` | `dataPolicy` |
 *
 * @example
 * const config = composeConfigs(merlinConfig(legacySupervisorConfig), loopDetection());
 */
export function merlinConfig(config: MerlinAgentConfig): AgentConfig {
  const m = methodsOf(config);
  /** States whose `shouldContinueLoop` was asked at the end of their last step (not again before the next call). */
  const consulted = new WeakSet<AgentState>();
  const decide = (state: AgentState, context: AgentContext, reason: NoToolCallsReason, calls?: readonly ToolCallPart[]): MaybePromise<boolean> =>
    m.onNoToolCalls ? then(m.onNoToolCalls(state, context, reason, calls), (decision) => decision.shouldContinue) : reason !== "NO_CALLS_GENERATED";
  const settings: AgentConfig = {
    ...(config.useParallelTools === undefined ? {} : { useParallelTools: config.useParallelTools }),
    ...(config.toolCallLimit === undefined ? {} : { toolCallLimit: config.toolCallLimit }),
    ...(config.nonIterativeTools === undefined ? {} : { nonIterativeTools: config.nonIterativeTools }),
    ...(config.finalAnswerInstruction === undefined ? {} : { finalAnswerInstruction: config.finalAnswerInstruction }),
    ...(m.getDataPolicy ? { dataPolicy: m.getDataPolicy() } : {}),
  };
  return {
    ...settings,
    ...(m.initializeAgentState ? { onRunStart: ({ state }) => m.initializeAgentState!(state) } : {}),
    ...(m.shouldContinueLoop || m.shouldSendTools || m.getModelId
      ? {
          prepareStep: ({ state, context, tools }) => {
            const goOn = m.shouldContinueLoop && !consulted.delete(state) ? m.shouldContinueLoop(state) : true;
            return then(goOn, (continues) => {
              if (!continues) return { stop: endReason(state) };
              const send = m.shouldSendTools ? (tools.length > 0 ? m.shouldSendTools(state, tools) : false) : undefined;
              return then(send, (sends) => {
                const model = m.getModelId ? m.getModelId(state, context.model) : undefined;
                return then(model, (id) => ({
                  ...(sends === undefined ? {} : { activeTools: sends ? tools.map((tool) => tool.name) : [] }),
                  ...(id === undefined ? {} : { model: id }),
                }));
              });
            });
          },
        }
      : {}),
    ...(m.processToolCalls || m.onToolsSelected || m.preprocessToolArguments
      ? {
          beforeToolCalls: async ({ state, context, calls }) => {
            const parts = calls.map((planned) => planned.call);
            if (m.processToolCalls && (await m.processToolCalls(parts, state, context))) return { stop: state.stopReason ?? "ended_by_hook" };
            if (m.onToolsSelected) await m.onToolsSelected(parts, state, context);
            if (!m.preprocessToolArguments) return undefined;
            const decisions: Record<string, ToolCallDecision> = {};
            for (const planned of calls) {
              if (!planned.tool) continue;
              const { call } = planned;
              try {
                const args = await m.preprocessToolArguments(
                  { toolCallId: call.toolCallId, toolName: call.toolName, rawArguments: call.rawArguments ?? JSON.stringify(call.arguments) },
                  context,
                  state.toolMetadata,
                );
                decisions[call.toolCallId] = { type: "run", arguments: args };
              } catch (error) {
                decisions[call.toolCallId] = {
                  type: "refuse",
                  error: new InvalidToolArgumentsError(call.toolName, [`arguments are not valid JSON (${errorMessage(error)})`]),
                };
              }
            }
            return { decisions };
          },
        }
      : {}),
    ...(m.handleSpecialTools || m.onNoToolCalls
      ? {
          afterToolBatch: async ({ state, context, results }) => {
            const replaced: Record<string, unknown> = {};
            let toolChoice: ToolChoice | undefined;
            if (m.handleSpecialTools) {
              for (const entry of results) {
                const special = await m.handleSpecialTools(entry.call.toolName, entry.result, entry.call, context, state);
                if (!special) continue;
                if ("modifiedResult" in special) replaced[entry.call.toolCallId] = special.modifiedResult;
                if (special.forceToolChoice) toolChoice = special.forceToolChoice;
                if (special.modifiedMessages) state.messages = [...special.modifiedMessages];
              }
            }
            const disabled =
              state.toolsNotEnabled.length > 0 &&
              !(await decide(
                state,
                context,
                "TOOLS_DISABLED",
                results.map((entry) => entry.call),
              ));
            return { results: replaced, ...(toolChoice ? { toolChoice } : {}), ...(disabled ? { stop: state.stopReason ?? "tools_disabled" } : {}) };
          },
        }
      : {}),
    ...(m.onNoToolCalls || m.shouldContinueLoop
      ? {
          shouldStop: ({ state, context, proposal, answered }) => {
            if (answered && proposal.stop) {
              return then(decide(state, context, "NO_CALLS_GENERATED"), (continues) => {
                if (continues) {
                  state.hasToolCalls = true;
                  return false;
                }
                state.hasToolCalls = false;
                if (!m.shouldContinueLoop) return undefined;
                // The design asks shouldContinueLoop before the next call: asked now, the run ends here when it says so.
                return then(m.shouldContinueLoop(state), (goOn) => {
                  if (!goOn) return endReason(state);
                  consulted.add(state);
                  return false;
                });
              });
            }
            if (!proposal.stop && proposal.finalAnswer) {
              return then(decide(state, context, "LIMIT_REACHED"), (continues) => (continues ? undefined : (state.stopReason ?? "tool_call_limit")));
            }
            return undefined;
          },
        }
      : {}),
    ...(m.calculateUsage
      ? { adjustUsage: ({ usage, state, text, toolCalls, toolsSent, tools }) => m.calculateUsage!(usage, { text, toolCalls, toolsSent, tools, state }) }
      : {}),
    ...(m.onToolProgress ? { onToolEvent: ({ event, context }) => m.onToolProgress!(event.toolName, event, context) } : {}),
  };
}
