import {
  BatonError,
  HookError,
  ProviderError,
  RunAbortedError,
  TokenBudgetExceededError,
  costOf,
  errorMessage,
  messageText,
  toolCallsOf,
  totalUsage,
  type AgentContext,
  type AssistantMessage,
  type Message,
  type ModelProvider,
  type ModelRequest,
  type PendingToolBatch,
  type RunCheckpoint,
  type RunResult,
  type StopReason,
  type Tool,
  type ToolCallPart,
  type ToolCallRecord,
  type ToolDefinition,
  type ToolEvent,
  type ToolMessage,
  type ToolRegistry,
  type ToolResultPart,
  type TokenUsage,
  type UnstampedEvent,
  type Usage,
} from "@baton/core";
import type { AbortHub } from "../abort/abort-hub.js";
import { Interruption } from "../abort/interruption.js";
import type { AgentEvents } from "../events/agent-events.js";
import { defaultFinalAnswerInstruction, type ResolvedAgentConfig } from "../config/agent-defaults.js";
import { createInitialState } from "../state/create-state.js";
import { streamModelTurn, type ModelTurn } from "../model/stream-model-turn.js";
import { prepareToolCalls } from "../tools/prepare-tool-calls.js";
import { executeToolBatch } from "../tools/execute-tool-batch.js";
import { toolDefinition } from "../tools/tool-definitions.js";
import type { ToolRunEnvironment } from "../tools/tool-run-environment.js";
import { usageRecord } from "../usage/usage-record.js";
import type { RunPersistence, RunProgressSnapshot } from "../persistence/run-persistence.js";
import { ProgressParts } from "../persistence/progress-parts.js";
import type { PreparedToolCall } from "../tools/prepared-tool-call.js";
import type { ToolOutcome } from "../tools/tool-outcome.js";
import type { RunSettings } from "./run-settings.js";
import { callHook, isThenable } from "./call-hook.js";
import { checkBudgets, projectCall } from "./budget-check.js";
import type { BudgetHold } from "./run-budget.js";
import { collectToolBatchResults } from "./tool-batch-results.js";
import { createSubAgentRunner } from "./sub-agent-runner.js";

/** One agent's run, fully resolved: what {@link runAgent} drives. */
export interface AgentRun {
  readonly runId: string;
  readonly agentPath: string;
  readonly parentAgentPath?: string;
  readonly provider: ModelProvider;
  readonly model: string;
  /** The conversation the run starts from (system prompt included). */
  readonly messages: Message[];
  /**
   * With `persistence`: how the run starts. A new run stores its input and reads its
   * conversation from storage; a resumed one continues from its checkpoint.
   */
  readonly start?: { readonly mode: "new" | "resume"; readonly system: readonly Message[]; readonly input: readonly Message[] };
  readonly registry: ToolRegistry;
  readonly config: ResolvedAgentConfig;
  readonly settings: RunSettings;
  /** This agent's emitter (its path and content cursor) on the run tree's event scope. */
  readonly events: AgentEvents;
  /** The run's abort fan-out (owned by the run: disposed when it ends). */
  readonly abort: AbortHub;
  readonly persistence?: RunPersistence;
  /** Receives each usage record this run (or a descendant) adds: how usage reaches the parent. */
  readonly reportUsage?: (usage: Usage) => void;
}

/** The definitions and names of the tools offered, recomputed only when the registry's list changes. */
class OfferedTools {
  private source: readonly Tool[] | undefined;
  definitions: readonly ToolDefinition[] = [];
  names: ReadonlySet<string> = new Set();

  update(tools: readonly Tool[]): void {
    if (tools === this.source) return;
    this.source = tools;
    this.definitions = tools.map(toolDefinition);
    this.names = new Set(tools.map((tool) => tool.name));
  }
}

const NOTHING_OFFERED: ReadonlySet<string> = new Set();

/**
 * Drives one agent's loop: model call → tool calls → tool results → model, until a
 * hook, a limit, the abort signal or an error stops it. Never throws: every ending
 * is a {@link RunResult} with its stop reason and the usage so far.
 */
export async function runAgent(run: AgentRun): Promise<RunResult> {
  const { config, settings, events: scope, agentPath, registry, provider, abort } = run;
  const usage: Usage[] = [];
  const state = createInitialState({
    runId: run.runId,
    agentPath,
    messages: run.messages,
    toolCallLimit: settings.toolCallLimit,
    maxIterations: settings.maxIterations,
    usage,
  });
  const added: Message[] = [];
  const records: ToolCallRecord[] = [];
  /** The iteration of each assistant message in `added`. */
  const turnIterations: number[] = [];
  // Only a persisted run keeps its tools' progress (a run without storage holds nothing extra).
  const progress = run.persistence ? new ProgressParts() : undefined;
  /** The tool batch running now, as checkpoints record it. */
  let pending: PendingToolBatch | undefined;
  /** Whether the run holds its claim in storage (its end must then be persisted). */
  let persisting = false;
  const persistence = run.persistence;
  const snapshot = (): RunProgressSnapshot => ({ added, usage, turnIterations, progress: progress?.parts() ?? [], ...(pending ? { pending } : {}) });
  const offered = new OfferedTools();
  let extraText = "";
  let finalText: string | undefined;
  let stopReason: StopReason | undefined;
  let failure: BatonError | undefined;
  let contextSignal: AbortSignal | undefined;
  /** The budget hold of the model call in flight (released when its usage is recorded). */
  let hold: BudgetHold | undefined;
  /** Input tokens of this agent's previous call: the budget's estimate without a token counter. */
  let lastInputTokens = 0;

  const emit = (event: UnstampedEvent): void => {
    scope.emit(event);
  };
  /** Waits while a consumer is behind (backpressure), or until the run is aborted. */
  const waitForConsumers = async (): Promise<void> => {
    const ready = scope.scope.ready;
    if (!ready) return;
    const interruption = new Interruption(abort);
    try {
      await interruption.race(ready);
    } finally {
      interruption.dispose();
    }
  };
  const addUsage = (record: Usage): void => {
    settings.budget?.record(record);
    usage.push(record);
    run.reportUsage?.(record);
    if (scope.active) emit({ type: "usage", usage: record });
  };
  const context: AgentContext = {
    runId: run.runId,
    agentPath,
    registry,
    provider,
    model: run.model,
    context: settings.context,
    get signal() {
      return (contextSignal ??= abort.signal ?? new AbortController().signal);
    },
    sendText: (text) => {
      extraText += text;
      emit({ type: "text-delta", text });
    },
    emit: (event) => emit(event),
  };
  const addMessage = (message: Message): void => {
    added.push(message);
    state.inLoopMessages.push(message);
    if (scope.active) emit({ type: "message", message });
  };
  const subAgents = createSubAgentRunner(run, state, usage);
  const toolEnv: ToolRunEnvironment = {
    runId: run.runId,
    agentPath,
    abort,
    defaultTimeoutMs: settings.toolTimeoutMs,
    maxErrorLength: settings.maxToolErrorLength,
    context: settings.context,
    messages: () => [...state.messages, ...state.inLoopMessages],
    ready: () => scope.scope.ready,
    emitToolEvent: (event) => {
      if (progress && event.type === "tool-progress" && event.step) progress.apply(event.toolCallId, event.toolName, event.step);
      const hook = config.onToolProgress;
      const stamped = scope.emit(event, hook !== undefined);
      if (!hook || !stamped) return;
      try {
        hook.call(config, event.toolName, stamped as ToolEvent, context);
      } catch {
        // A progress observer must not break the tool it observes.
      }
    },
    emitAgentEvent: (event) => emit(event),
    addUsage,
    metadataFor: (toolCallId) => (state.toolMetadata[toolCallId] ??= {}),
    runSubAgent: subAgents.run,
  };
  const decideNoToolCalls = async (reason: "NO_CALLS_GENERATED" | "LIMIT_REACHED" | "TOOLS_DISABLED", calls?: readonly ToolCallPart[]) => {
    const decision = callHook("onNoToolCalls", () => config.onNoToolCalls(state, context, reason, calls));
    return (isThenable(decision) ? await decision : decision).shouldContinue;
  };

  /** Records a model call's usage once its tools ran (the record names the tools that succeeded). */
  const recordCallUsage = async (usage: Usage, text: string, toolCalls: readonly ToolCallPart[], toolsSent: boolean, tools: readonly ToolDefinition[]): Promise<void> => {
    let record = usage;
    if (config.calculateUsage) record = await callHook("calculateUsage", () => config.calculateUsage!(usage, { text, toolCalls, toolsSent, tools, state }));
    hold?.release();
    hold = undefined;
    addUsage(record);
  };

  /**
   * Runs a turn's tool calls and records their results. A resumed batch passes
   * `completed`, the results it already has: those calls do not run again, and
   * `onToolsSelected` (which ran before the interruption) is not called again.
   * Returns the reason to stop after this step, if any.
   */
  const runToolStep = async (
    prepared: readonly PreparedToolCall[],
    toolCalls: readonly ToolCallPart[],
    iteration: number,
    /** The usage record of the call that asked for the batch, naming the given tools. */
    usageFor: (tools: readonly string[]) => Usage,
    call: { readonly text: string; readonly toolsSent: boolean; readonly tools: readonly ToolDefinition[] },
    completed?: readonly ToolResultPart[],
  ): Promise<StopReason | undefined> => {
    state.hasToolCalls = true;
    if (scope.active) for (const toolCall of toolCalls) emit({ type: "tool-call", toolCall });
    if (config.onToolsSelected && !completed) await callHook("onToolsSelected", () => config.onToolsSelected!(toolCalls, state, context));
    state.lastIterationErroredTools = [];
    state.toolsNotEnabled = [];
    const subAgentCallsBefore = state.subAgentToolCalls;
    const done = completed ? new Map(completed.map((result) => [result.toolCallId, result])) : undefined;
    const toRun = done ? prepared.filter((p) => !done.has(p.call.toolCallId)) : prepared;
    if (persistence) {
      pending = { results: [...(completed ?? [])], usage: usageFor([]) };
      await persistence.checkpoint(state, snapshot());
    }
    const concurrency = config.useParallelTools ? (settings.maxConcurrentTools ?? toRun.length) : 1;
    const ranOutcomes = await executeToolBatch(
      toRun,
      toolEnv,
      concurrency,
      persistence &&
        ((index, outcome) => {
          if (outcome.status !== "ok" || !pending) return;
          const { call: done, tool } = toRun[index]!;
          const result = tool?.includeInHistory === false ? (tool.summarize?.(outcome.result) ?? `[${done.toolName} result not kept in history]`) : outcome.result;
          pending = { ...pending, results: [...pending.results, { type: "tool-result", toolCallId: done.toolCallId, toolName: done.toolName, result }] };
          void persistence.checkpoint(state, snapshot());
        }),
    );
    pending = undefined;
    const outcomes: ToolOutcome[] = done
      ? prepared.map((p) => (done.has(p.call.toolCallId) ? { status: "ok", result: done.get(p.call.toolCallId)!.result, durationMs: 0 } : ranOutcomes[toRun.indexOf(p)]!))
      : ranOutcomes;
    const { results, succeeded } = await collectToolBatchResults(prepared, outcomes, state, config, context, records, iteration);
    addMessage({ role: "tool", content: results } satisfies ToolMessage);
    await recordCallUsage(usageFor(succeeded), call.text, toolCalls, call.toolsSent, call.tools);

    let counted = 0;
    for (const toolCall of toolCalls) if (!config.nonIterativeTools.has(toolCall.toolName)) counted++;
    state.toolCallCount += counted + (state.subAgentToolCalls - subAgentCallsBefore);
    if (abort.aborted) throw abort.abortError;

    if (state.toolsNotEnabled.length > 0 && !(await decideNoToolCalls("TOOLS_DISABLED", toolCalls))) {
      state.hasToolCalls = false;
      return state.stopReason ?? "tools_disabled";
    }
    if (!state.finalAnswerRequested && state.toolCallCount >= state.toolCallLimit) {
      if (await decideNoToolCalls("LIMIT_REACHED")) {
        if (!state.finalAnswerRequested) state.inLoopMessages.push({ role: "system", content: finalAnswerInstructionOf() });
        state.finalAnswerRequested = true;
      } else {
        state.hasToolCalls = false;
        return state.stopReason ?? "tool_call_limit";
      }
    }
    return undefined;
  };
  const finalAnswerInstructionOf = (): string => config.finalAnswerInstruction ?? defaultFinalAnswerInstruction(state.toolCallLimit);

  /** After a step: `step-end` and the end of the content block (synchronous without a context engine or storage). */
  const endStep = (
    model: string,
    iteration: number,
    response: { text: string; usage: TokenUsage; toolCalls: readonly ToolCallPart[]; finishReason: ModelTurn["finishReason"] },
  ): Promise<void> | undefined => {
    if (settings.contextEngine || persistence) return endStepAfterServices(model, iteration, response);
    if (scope.active) emit({ type: "step-end", iteration, finishReason: response.finishReason, toolCalls: response.toolCalls.length });
    scope.endBlock();
    return undefined;
  };
  /** {@link endStep} with the context engine and the checkpoint first. */
  const endStepAfterServices = async (
    model: string,
    iteration: number,
    response: { text: string; usage: TokenUsage; toolCalls: readonly ToolCallPart[]; finishReason: ModelTurn["finishReason"] },
  ): Promise<void> => {
    if (settings.contextEngine) {
      const last = state.inLoopMessages.at(-1);
      const trimmed = await settings.contextEngine.prepare({
        messages: state.messages,
        inLoop: state.inLoopMessages,
        contextLimit: settings.contextLimit(model),
        reservedOutputTokens: settings.maxOutputTokens ?? 0,
        model,
        agentPath,
        signal: context.signal,
        response: { text: response.text, usage: response.usage, toolCalls: response.toolCalls, toolResults: last?.role === "tool" ? last.content : [] },
      });
      state.inLoopMessages = [...trimmed.inLoop];
      if (trimmed.messages) state.messages = [...trimmed.messages];
      for (const record of trimmed.usage ?? []) addUsage(record);
      // The engine's event objects are its own: emit copies (events are stamped in place).
      for (const event of trimmed.events ?? []) emit({ ...event });
      if (persistence && trimmed.summary !== undefined && trimmed.persistSummary) await persistence.saveSummary(trimmed.summary);
    }
    if (persistence) await persistence.checkpoint(state, snapshot());
    if (scope.active) emit({ type: "step-end", iteration, finishReason: response.finishReason, toolCalls: response.toolCalls.length });
    scope.endBlock();
  };

  /** Continues from a checkpoint: restores the state, then finishes the tool batch it was running. Returns a stop reason when that step ends the run. */
  const restore = async (checkpoint: RunCheckpoint): Promise<StopReason | undefined> => {
    state.iteration = checkpoint.iteration;
    state.toolCallCount = checkpoint.toolCallCount;
    state.hasToolCalls = checkpoint.loop.hasToolCalls;
    state.finalAnswerRequested = checkpoint.loop.finalAnswerRequested;
    state.subAgentToolCalls = checkpoint.loop.subAgentToolCalls;
    Object.assign(state.toolMetadata, structuredClone(checkpoint.loop.toolMetadata));
    Object.assign(state.custom, structuredClone(checkpoint.custom));
    added.push(...checkpoint.messages);
    state.inLoopMessages = [...checkpoint.messages];
    if (state.finalAnswerRequested) state.inLoopMessages.push({ role: "system", content: finalAnswerInstructionOf() });
    turnIterations.push(...checkpoint.loop.turnIterations);
    progress?.load(checkpoint.progress);
    for (const record of checkpoint.usage) {
      settings.budget?.record(record);
      usage.push(record);
    }
    const lastTurn = [...added].reverse().find((message): message is AssistantMessage => message.role === "assistant");
    state.lastText = lastTurn ? messageText(lastTurn) : "";
    if (!checkpoint.pending || !lastTurn || added.at(-1) !== lastTurn) return undefined;
    const toolCalls = toolCallsOf(lastTurn);
    state.lastToolCalls = toolCalls;
    const batchUsage = checkpoint.pending.usage;
    const iteration = state.iteration;
    if (scope.active) emit({ type: "step-start", iteration, model: batchUsage.model, toolsSent: true });
    offered.update(registry.list());
    const assembled = toolCalls.map((call, index) => ({ index, id: call.toolCallId, name: call.toolName, rawArguments: call.rawArguments ?? JSON.stringify(call.arguments) }));
    let prepared = prepareToolCalls(assembled, registry, offered.names, config.preprocessToolArguments && ((call) => config.preprocessToolArguments!(call, context, state.toolMetadata)));
    if (isThenable(prepared)) prepared = await prepared;
    const stop = await runToolStep(prepared, toolCalls, iteration, (tools) => ({ ...batchUsage, tools }), { text: state.lastText, toolsSent: true, tools: offered.definitions }, checkpoint.pending.results);
    await endStep(batchUsage.model, iteration, { text: state.lastText, usage: batchUsage, toolCalls, finishReason: "tool_calls" });
    return stop;
  };

  if (scope.active) emit({ type: "run-start", model: run.model, ...(run.parentAgentPath ? { parentAgentPath: run.parentAgentPath } : {}) });

  try {
    let resumedStop: StopReason | undefined;
    if (persistence && run.start) {
      if (run.start.mode === "resume") {
        const resumed = await persistence.resume(run.start.system);
        persisting = true;
        state.messages = resumed.messages;
        resumedStop = await restore(resumed.checkpoint);
      } else {
        state.messages = await persistence.begin(run.start.system, run.start.input);
        persisting = true;
        if (config.initializeAgentState) await callHook("initializeAgentState", () => config.initializeAgentState!(state));
        await persistence.checkpoint(state, snapshot());
      }
    } else if (config.initializeAgentState) await callHook("initializeAgentState", () => config.initializeAgentState!(state));
    if (resumedStop !== undefined) stopReason = resumedStop;
    while (resumedStop === undefined) {
      if (abort.aborted) throw abort.abortError;
      let shouldContinue = callHook("shouldContinueLoop", () => config.shouldContinueLoop(state));
      if (isThenable(shouldContinue)) shouldContinue = await shouldContinue;
      if (!shouldContinue) {
        stopReason = state.stopReason ?? (state.hasToolCalls ? "ended_by_hook" : state.finalAnswerRequested ? "tool_call_limit" : "completed");
        break;
      }
      if (state.iteration >= state.maxIterations) {
        stopReason = "max_iterations";
        break;
      }

      offered.update(registry.list());
      const definitions = offered.definitions;
      let sendTools = definitions.length > 0 && callHook("shouldSendTools", () => config.shouldSendTools(state, definitions));
      if (isThenable(sendTools)) sendTools = await sendTools;
      let model = config.getModelId ? callHook("getModelId", () => config.getModelId!(state, run.model)) : run.model;
      if (isThenable(model)) model = await model;
      const request: ModelRequest = {
        model,
        messages: state.inLoopMessages.length > 0 ? [...state.messages, ...state.inLoopMessages] : state.messages,
        ...(sendTools ? { tools: definitions, toolChoice: state.toolChoice, parallelToolCalls: config.useParallelTools } : {}),
        ...(settings.maxOutputTokens === undefined ? {} : { maxOutputTokens: settings.maxOutputTokens }),
        ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
        ...(abort.signal ? { signal: abort.signal } : {}),
      };
      // A forced tool choice (or `required`) applies to one call only.
      if (sendTools && state.toolChoice !== "auto") state.toolChoice = "auto";

      const budget = settings.budget;
      if (budget) {
        const info = provider.getModelInfo?.(model);
        const projection = projectCall(budget, request, {
          counter: settings.tokenCounter,
          reservedOutputTokens: settings.maxOutputTokens ?? info?.maxOutputTokens ?? 0,
          lastInputTokens,
          pricing: info?.pricing,
          providerId: provider.id,
        });
        const exceeded = checkBudgets(budget, projection);
        if (exceeded) {
          const tokens = exceeded instanceof TokenBudgetExceededError;
          emit({ type: "budget-exceeded", budget: tokens ? "tokens" : "cost", limit: exceeded.limit, used: exceeded.used });
          failure = exceeded;
          stopReason = tokens ? "token_budget" : "budget_exceeded";
          break;
        }
        hold = budget.hold(projection.tokens, projection.costUsd);
      }

      await waitForConsumers();
      state.iteration++;
      const iteration = state.iteration;
      if (scope.active) emit({ type: "step-start", iteration, model, toolsSent: sendTools });
      let turn: ModelTurn;
      try {
        turn = await streamModelTurn(
          provider,
          request,
          abort,
          {
            onText: (text) => emit({ type: "text-delta", text }),
            onReasoning: (text, id) => emit({ type: "reasoning-delta", text, ...(id === undefined ? {} : { id }) }),
            ready: () => scope.scope.ready,
          },
          (position) => `call_${run.runId.slice(0, 8)}_${iteration}_${position}`,
        );
      } catch (error) {
        if (error instanceof RunAbortedError || abort.aborted) throw abort.abortError ?? error;
        throw error instanceof BatonError ? error : new ProviderError(`Model call failed: ${errorMessage(error)}`, { cause: error });
      }
      state.lastText = turn.text;
      if (turn.usageReported) {
        lastInputTokens = turn.usage.inputTokens;
        // An estimating counter learns what the provider counted for this exact request.
        if (turn.usage.inputTokens > 0) settings.tokenCounter?.calibrate?.(request.messages, turn.usage.inputTokens, request.tools ? { tools: request.tools } : {});
      }
      if (hold) {
        const pricing = settings.budget?.costLimit === undefined ? undefined : provider.getModelInfo?.(model)?.pricing;
        hold.update(turn.usage.inputTokens + turn.usage.outputTokens, pricing ? costOf(turn.usage, pricing) : 0);
      }
      let prepared = turn.toolCalls.length > 0 ? prepareToolCalls(turn.toolCalls, registry, sendTools ? offered.names : NOTHING_OFFERED, config.preprocessToolArguments && ((call) => config.preprocessToolArguments!(call, context, state.toolMetadata))) : [];
      if (isThenable(prepared)) prepared = await prepared;
      const toolCalls: ToolCallPart[] = prepared.map((p) => p.call);
      state.lastToolCalls = toolCalls;

      const content: AssistantMessage["content"][number][] = [...turn.reasoning];
      if (turn.text.length > 0) content.push({ type: "text", text: turn.text });
      // The usage of this call is recorded once its tools ran (it names the tools that succeeded).
      const usageFor = (tools: readonly string[]): Usage => usageRecord(provider, model, agentPath, iteration, turn.usage, tools);
      const recordTurnUsage = (): Promise<void> => recordCallUsage(usageFor([]), turn.text, toolCalls, sendTools, definitions);

      // A final turn that still asks for tools gets none: its calls are dropped and the run ends.
      const finalTurnIgnored = toolCalls.length > 0 && state.finalAnswerRequested;
      if (toolCalls.length > 0 && (finalTurnIgnored || config.processToolCalls)) {
        const end = finalTurnIgnored || (await callHook("processToolCalls", () => config.processToolCalls!(toolCalls, state, context)));
        if (end) {
          // The calls will not run: keep the turn's text, drop its unanswered calls.
          if (content.length > 0) {
            turnIterations.push(iteration);
            addMessage({ role: "assistant", content });
          }
          await recordTurnUsage();
          state.hasToolCalls = false;
          finalText = turn.text;
          stopReason = state.stopReason ?? (finalTurnIgnored ? "tool_call_limit" : "ended_by_hook");
          if (scope.active) emit({ type: "step-end", iteration, finishReason: turn.finishReason, toolCalls: 0 });
          break;
        }
      }

      turnIterations.push(iteration);
      addMessage({ role: "assistant", content: toolCalls.length > 0 ? [...content, ...toolCalls] : content });
      let stopAfterStep: StopReason | undefined;
      if (toolCalls.length === 0) {
        await recordTurnUsage();
        if (await decideNoToolCalls("NO_CALLS_GENERATED")) state.hasToolCalls = true;
        else {
          state.hasToolCalls = false;
          finalText = turn.text;
        }
      } else {
        stopAfterStep = await runToolStep(prepared, toolCalls, iteration, usageFor, { text: turn.text, toolsSent: sendTools, tools: definitions });
      }

      const ended = endStep(model, iteration, { text: turn.text, usage: turn.usage, toolCalls, finishReason: turn.finishReason });
      if (ended) await ended;
      if (stopAfterStep !== undefined) {
        stopReason = stopAfterStep;
        break;
      }
    }
  } catch (error) {
    if (error instanceof RunAbortedError || (abort.aborted && !(error instanceof HookError))) {
      stopReason = "aborted";
      failure = abort.abortError ?? (error instanceof BatonError ? error : new RunAbortedError());
    } else {
      stopReason = "error";
      failure = error instanceof BatonError ? error : new ProviderError(errorMessage(error), { cause: error });
      emit({ type: "error", error: failure.toJSON() });
    }
  } finally {
    hold?.release();
    abort.dispose();
  }

  const reason: StopReason = stopReason ?? "completed";
  const text = (finalText ?? state.lastText) + extraText;
  if (persistence) {
    if (persisting) await persistence.finish(state, snapshot(), reason);
    else persistence.dispose();
  }
  const total = totalUsage(usage);
  const error = failure && (reason === "error" || reason === "aborted" || reason === "token_budget" || reason === "budget_exceeded") ? failure.toJSON() : undefined;
  if (scope.active) {
    emit({ type: "run-end", stopReason: reason, text, iterations: state.iteration, toolCallCount: state.toolCallCount, usage: total, ...(error ? { error } : {}) });
  }
  return {
    runId: run.runId,
    agentPath,
    text,
    messages: added,
    toolCalls: records,
    usage: { calls: usage, total },
    iterations: state.iteration,
    toolCallCount: state.toolCallCount,
    stopReason: reason,
    ...(error ? { error } : {}),
    toolMetadata: state.toolMetadata,
    custom: state.custom,
    persisted: persisting && persistence !== undefined && persistence.ok,
  };
}
