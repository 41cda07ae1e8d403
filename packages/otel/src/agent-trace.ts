import { SpanKind, trace, type Context, type Span } from "@opentelemetry/api";
import type {
  AssistantMessage,
  ContextOverflowEvent,
  ContextTrimmedEvent,
  ErrorEvent,
  RunEndEvent,
  RunStartEvent,
  StepEndEvent,
  StepStartEvent,
  UsageEvent,
} from "@baton/core";
import { BATON_ATTRIBUTES, BATON_SPAN_EVENTS, GEN_AI_ATTRIBUTES, GEN_AI_OPERATIONS } from "./attribute-names.js";
import { agentNameOf } from "./agent-name.js";
import { ChatSpan } from "./chat-span.js";
import { resolveProviderName } from "./provider-name.js";
import { markAborted, markFailed, markUnfinished } from "./span-status.js";
import type { ToolSpan } from "./tool-span.js";
import type { TraceSettings } from "./trace-settings.js";

/**
 * One agent of a run as traced: its `invoke_agent <name>` span (from `run-start` to
 * `run-end`), the `chat` span of its current model call, and its tool calls' spans
 * that have not ended, which its `run-end` ends if their own ending never came.
 */
export class AgentTrace {
  /** The context the agent's model calls and tool calls run in: its span as the parent. */
  readonly context: Context;
  /** Tool calls of this agent whose span is open. */
  readonly openTools = new Set<ToolSpan>();
  private chat: ChatSpan | undefined;
  /** A model call an error cut short, waiting for the event that says why (the next event of the agent). */
  private failedChat: ChatSpan | undefined;

  private constructor(
    readonly agentPath: string,
    readonly span: Span,
    parent: Context,
    private readonly settings: TraceSettings,
  ) {
    this.context = trace.setSpan(parent, span);
  }

  /** Starts the agent's span as a child of `parent`. */
  static start(settings: TraceSettings, parent: Context, event: RunStartEvent): AgentTrace {
    const name = agentNameOf(event.agentPath);
    const provider = resolveProviderName(settings.providerName, event.model);
    const span = settings.tracer.startSpan(
      `${GEN_AI_OPERATIONS.INVOKE_AGENT} ${name}`,
      {
        kind: SpanKind.INTERNAL,
        startTime: event.timestamp,
        attributes: {
          [GEN_AI_ATTRIBUTES.OPERATION_NAME]: GEN_AI_OPERATIONS.INVOKE_AGENT,
          [GEN_AI_ATTRIBUTES.AGENT_NAME]: name,
          ...(provider === undefined ? {} : { [GEN_AI_ATTRIBUTES.PROVIDER_NAME]: provider }),
          [GEN_AI_ATTRIBUTES.REQUEST_MODEL]: event.model,
          [BATON_ATTRIBUTES.RUN_ID]: event.runId,
          [BATON_ATTRIBUTES.AGENT_PATH]: event.agentPath,
          ...(event.parentAgentPath === undefined ? {} : { [BATON_ATTRIBUTES.PARENT_AGENT_PATH]: event.parentAgentPath }),
        },
      },
      parent,
    );
    return new AgentTrace(event.agentPath, span, parent, settings);
  }

  /** Whether the agent's span records (false when no SDK is registered, or the trace is not sampled). */
  get recording(): boolean {
    return this.span.isRecording();
  }

  /**
   * Settles a model call an error cut short once the agent's next event is known:
   * an `error` or `context-overflow` names the cause, anything else leaves it as it is.
   */
  settleFailedChat(next: { readonly type: string; readonly timestamp: number }): void {
    const failed = this.failedChat;
    if (!failed || next.type === "error" || next.type === "context-overflow") return;
    this.failedChat = undefined;
    failed.close(next.timestamp, false);
  }

  /** A model call starts. */
  stepStarted(event: StepStartEvent): void {
    this.chat?.close(event.timestamp, false);
    this.chat = ChatSpan.start(this.settings, this.context, event);
  }

  /** The model's turn of the current step is complete. */
  modelTurn(message: AssistantMessage, timestamp: number): void {
    this.chat?.modelDone(message, timestamp);
  }

  /**
   * A usage record: the current model call's when it is this agent's, of this step, the
   * first for it, and no tool of the agent is running (a tool reports its own model
   * calls while it runs); else a `baton.usage` event on the agent's span.
   */
  usage(event: UsageEvent): void {
    const usage = event.usage;
    const chat = this.chat;
    if (chat?.awaitsUsage && chat.iteration === usage.iteration && usage.agentPath === this.agentPath && this.openTools.size === 0) {
      chat.recordUsage(usage);
      return;
    }
    this.span.addEvent(
      BATON_SPAN_EVENTS.USAGE,
      {
        [GEN_AI_ATTRIBUTES.RESPONSE_MODEL]: usage.model,
        [GEN_AI_ATTRIBUTES.USAGE_INPUT_TOKENS]: usage.inputTokens,
        [GEN_AI_ATTRIBUTES.USAGE_OUTPUT_TOKENS]: usage.outputTokens,
        ...(usage.costUsd === undefined ? {} : { [BATON_ATTRIBUTES.USAGE_COST]: usage.costUsd }),
      },
      event.timestamp,
    );
  }

  /** The step ended: so does its model call's span (or it waits for its error's cause). */
  stepEnded(event: StepEndEvent): void {
    const chat = this.chat;
    if (!chat || chat.iteration !== event.iteration) return;
    this.chat = undefined;
    if (!chat.stepEnded(event)) this.failedChat = chat;
  }

  /** An error the agent reported: the cause of a model call it cut short, else an event on the agent's span. */
  error(event: ErrorEvent): void {
    const failed = this.failedChat;
    if (failed) {
      this.failedChat = undefined;
      failed.fail(event.error.code, event.error.message, event.timestamp);
      return;
    }
    this.span.addEvent(BATON_SPAN_EVENTS.ERROR, { [GEN_AI_ATTRIBUTES.ERROR_TYPE]: event.error.code, message: event.error.message }, event.timestamp);
  }

  /** The model call did not fit the window: the cause of the call the step's error cut short. */
  contextOverflow(event: ContextOverflowEvent): void {
    const failed = this.failedChat;
    if (!failed) return;
    this.failedChat = undefined;
    failed.fail("PROVIDER_CONTEXT_LENGTH", `the request did not fit the model's window (trimmed to ${event.contextLimit} tokens)`, event.timestamp);
  }

  /** The context engine trimmed the conversation: an event on the agent's span. */
  contextTrimmed(event: ContextTrimmedEvent): void {
    this.span.addEvent(
      BATON_SPAN_EVENTS.CONTEXT_TRIMMED,
      { strategy: event.strategy, removed_messages: event.removedMessages, tokens_before: event.tokensBefore, tokens_after: event.tokensAfter },
      event.timestamp,
    );
  }

  /** The agent ended: ends what is still open, records the outcome and totals, and ends its span. */
  ended(event: RunEndEvent): void {
    const aborted = event.stopReason === "aborted";
    this.closeChildren(event.timestamp, aborted);
    const span = this.span;
    span.setAttribute(BATON_ATTRIBUTES.STOP_REASON, event.stopReason);
    span.setAttribute(BATON_ATTRIBUTES.ITERATIONS, event.iterations);
    span.setAttribute(BATON_ATTRIBUTES.TOOL_CALL_COUNT, event.toolCallCount);
    span.setAttribute(BATON_ATTRIBUTES.RUN_INPUT_TOKENS, event.usage.inputTokens);
    span.setAttribute(BATON_ATTRIBUTES.RUN_OUTPUT_TOKENS, event.usage.outputTokens);
    if (event.usage.costUsd !== undefined) span.setAttribute(BATON_ATTRIBUTES.RUN_COST, event.usage.costUsd);
    const answer = this.settings.content.finalAnswer(event.text);
    if (answer !== undefined) span.setAttribute(GEN_AI_ATTRIBUTES.OUTPUT_MESSAGES, answer);
    if (aborted) markAborted(span, event.error?.code);
    else if (event.stopReason === "error") markFailed(span, event.error?.code ?? "_OTHER", event.error?.message ?? "the run ended with an error");
    span.end(event.timestamp);
  }

  /** Ends the agent's span because its run ended before the agent did (its own `run-end` never came). */
  abandon(timestamp: number, aborted: boolean): void {
    this.closeChildren(timestamp, aborted);
    markUnfinished(this.span, aborted);
    this.span.end(timestamp);
  }

  /** Ends the agent's open model call and tool calls at `timestamp`. */
  private closeChildren(timestamp: number, aborted: boolean): void {
    this.failedChat?.close(timestamp, aborted);
    this.failedChat = undefined;
    this.chat?.close(timestamp, aborted);
    this.chat = undefined;
    for (const tool of this.openTools) tool.abandon(timestamp, aborted);
    this.openTools.clear();
  }
}
