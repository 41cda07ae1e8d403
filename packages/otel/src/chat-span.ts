import { SpanKind, type Context, type Span } from "@opentelemetry/api";
import type { AssistantMessage, StepEndEvent, StepStartEvent, Usage } from "@baton/core";
import { BATON_ATTRIBUTES, GEN_AI_ATTRIBUTES, GEN_AI_OPERATIONS } from "./attribute-names.js";
import { resolveProviderName } from "./provider-name.js";
import { markAborted, markFailed, markUnfinished } from "./span-status.js";
import type { TraceSettings } from "./trace-settings.js";

/**
 * The `chat <model>` span of one model call. It starts at the step's `step-start` and
 * ends when the model's turn was complete (the agent's assistant `message`), or at the
 * `step-end` of a step cut short before that. The span object itself is ended later,
 * once the call's `usage` (which the loop reports after the step's tools ran) and the
 * step's finish reason are known, with the end time of the model call.
 */
export class ChatSpan {
  private modelDoneAt: number | undefined;
  private message: AssistantMessage | undefined;
  private usageRecorded = false;
  private ended = false;

  private constructor(
    readonly span: Span,
    readonly iteration: number,
    private readonly settings: TraceSettings,
  ) {}

  /** Starts the span of the call `event` announces, as a child of its agent's span (`parent`). */
  static start(settings: TraceSettings, parent: Context, event: StepStartEvent): ChatSpan {
    const provider = resolveProviderName(settings.providerName, event.model);
    const span = settings.tracer.startSpan(
      `${GEN_AI_OPERATIONS.CHAT} ${event.model}`,
      {
        kind: SpanKind.CLIENT,
        startTime: event.timestamp,
        attributes: {
          [GEN_AI_ATTRIBUTES.OPERATION_NAME]: GEN_AI_OPERATIONS.CHAT,
          ...(provider === undefined ? {} : { [GEN_AI_ATTRIBUTES.PROVIDER_NAME]: provider }),
          [GEN_AI_ATTRIBUTES.REQUEST_MODEL]: event.model,
          [BATON_ATTRIBUTES.RUN_ID]: event.runId,
          [BATON_ATTRIBUTES.AGENT_PATH]: event.agentPath,
          [BATON_ATTRIBUTES.ITERATION]: event.iteration,
        },
      },
      parent,
    );
    return new ChatSpan(span, event.iteration, settings);
  }

  /** Whether the call's usage may still come (it comes once). */
  get awaitsUsage(): boolean {
    return !this.usageRecorded;
  }

  /** The model's turn is complete: the call ended at `timestamp`. */
  modelDone(message: AssistantMessage, timestamp: number): void {
    this.modelDoneAt ??= timestamp;
    this.message = message;
  }

  /** The call's tokens and cost. */
  recordUsage(usage: Usage): void {
    this.usageRecorded = true;
    const span = this.span;
    span.setAttribute(GEN_AI_ATTRIBUTES.RESPONSE_MODEL, usage.model);
    span.setAttribute(GEN_AI_ATTRIBUTES.USAGE_INPUT_TOKENS, usage.inputTokens);
    span.setAttribute(GEN_AI_ATTRIBUTES.USAGE_OUTPUT_TOKENS, usage.outputTokens);
    span.setAttribute(GEN_AI_ATTRIBUTES.USAGE_CACHE_READ_INPUT_TOKENS, usage.cachedInputTokens);
    span.setAttribute(GEN_AI_ATTRIBUTES.USAGE_REASONING_OUTPUT_TOKENS, usage.reasoningTokens);
    if (usage.costUsd !== undefined) span.setAttribute(BATON_ATTRIBUTES.USAGE_COST, usage.costUsd);
  }

  /**
   * The step ended. Returns true when the span is done; false for a step an error cut
   * short (`finishReason: "error"`), whose cause (the `error` or `context-overflow`
   * event right after) is still to be recorded with {@link ChatSpan.fail}.
   */
  stepEnded(event: StepEndEvent): boolean {
    this.span.setAttribute(GEN_AI_ATTRIBUTES.RESPONSE_FINISH_REASONS, [event.finishReason]);
    this.recordOutput(event.finishReason);
    // A turn that completed is a call that succeeded, whatever cut the step short afterwards (its tools, a hook).
    if (this.modelDoneAt !== undefined) {
      this.end(event.timestamp);
      return true;
    }
    if (event.finishReason === "aborted") {
      markAborted(this.span);
      this.end(event.timestamp);
      return true;
    }
    if (event.finishReason === "error") {
      markFailed(this.span, "_OTHER", "the model call failed");
      this.modelDoneAt = event.timestamp;
      return false;
    }
    this.end(event.timestamp);
    return true;
  }

  /** Records why the call failed (a Baton error code and its message) and ends the span. */
  fail(errorType: string, message: string, timestamp: number): void {
    markFailed(this.span, errorType, message);
    this.end(timestamp);
  }

  /**
   * Ends the span at the end of its agent (`timestamp`): a paused step (no `step-end`)
   * ends normally once its model turn was complete; anything else is unfinished.
   */
  close(timestamp: number, aborted: boolean): void {
    if (this.ended) return;
    if (this.modelDoneAt === undefined) markUnfinished(this.span, aborted);
    else this.recordOutput(undefined);
    this.end(timestamp);
  }

  private recordOutput(finishReason: string | undefined): void {
    if (!this.message) return;
    const text = this.settings.content.outputMessages(this.message, finishReason);
    if (text !== undefined) this.span.setAttribute(GEN_AI_ATTRIBUTES.OUTPUT_MESSAGES, text);
    this.message = undefined;
  }

  /** Ends the span at the end of the model call, or at `fallback` when the call never completed. */
  private end(fallback: number): void {
    if (this.ended) return;
    this.ended = true;
    this.span.end(this.modelDoneAt ?? fallback);
  }
}
