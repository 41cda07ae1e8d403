import { SpanKind, trace, type Context, type Span } from "@opentelemetry/api";
import type { ToolDoneEvent, ToolErrorEvent, ToolInterruptedEvent, ToolProgressEvent, ToolStartEvent } from "@baton/core";
import { BATON_ATTRIBUTES, BATON_SPAN_EVENTS, GEN_AI_ATTRIBUTES, GEN_AI_OPERATIONS } from "./attribute-names.js";
import { markAborted, markFailed, markUnfinished } from "./span-status.js";
import type { TraceSettings } from "./trace-settings.js";

/** How a tool call's span begins: with its `tool-start`, or (a call that never started) with its ending event. */
type ToolBeginning = ToolStartEvent | ToolErrorEvent | ToolInterruptedEvent;

/**
 * The `execute_tool <tool name>` span of one tool call: started at the call's
 * `tool-start` (a call refused before it ran, or held for approval, gets a span that
 * starts and ends with its one event) and ended by `tool-done`, `tool-error` or
 * `tool-interrupted`.
 */
export class ToolSpan {
  /** The context a sub-agent started by this call runs in: this span as the parent. */
  readonly context: Context;
  /** Whether the call's ending event has not come yet. */
  open = true;

  private constructor(
    readonly runId: string,
    readonly agentPath: string,
    readonly toolCallId: string,
    readonly toolName: string,
    readonly span: Span,
    parent: Context,
    private readonly settings: TraceSettings,
  ) {
    this.context = trace.setSpan(parent, span);
  }

  /** Starts the span of the call `event` begins, as a child of its agent's span (`parent`). */
  static start(settings: TraceSettings, parent: Context, event: ToolBeginning): ToolSpan {
    const startTime = event.type === "tool-start" ? event.timestamp : event.timestamp - ("durationMs" in event ? event.durationMs : 0);
    const span = settings.tracer.startSpan(
      `${GEN_AI_OPERATIONS.EXECUTE_TOOL} ${event.toolName}`,
      {
        kind: SpanKind.INTERNAL,
        startTime,
        attributes: {
          [GEN_AI_ATTRIBUTES.OPERATION_NAME]: GEN_AI_OPERATIONS.EXECUTE_TOOL,
          [GEN_AI_ATTRIBUTES.TOOL_NAME]: event.toolName,
          [GEN_AI_ATTRIBUTES.TOOL_CALL_ID]: event.toolCallId,
          [GEN_AI_ATTRIBUTES.TOOL_TYPE]: "function",
          [BATON_ATTRIBUTES.RUN_ID]: event.runId,
          [BATON_ATTRIBUTES.AGENT_PATH]: event.agentPath,
        },
      },
      parent,
    );
    const tool = new ToolSpan(event.runId, event.agentPath, event.toolCallId, event.toolName, span, parent, settings);
    if (event.type === "tool-start") tool.recordArguments(event.arguments);
    return tool;
  }

  /** A progress message, as a span event (content: only when recorded). */
  progress(event: ToolProgressEvent): void {
    const message = this.settings.content.toolProgress(this.toolName, event.message);
    if (message !== undefined) this.span.addEvent(BATON_SPAN_EVENTS.TOOL_PROGRESS, { message }, event.timestamp);
  }

  /** Ends the span with the call's outcome. */
  finish(event: ToolDoneEvent | ToolErrorEvent | ToolInterruptedEvent): void {
    if (!this.open) return;
    this.open = false;
    const span = this.span;
    switch (event.type) {
      case "tool-done": {
        span.setAttribute(BATON_ATTRIBUTES.TOOL_STATUS, "ok");
        const result = this.settings.content.toolResult(this.toolName, event.result);
        if (result !== undefined) span.setAttribute(GEN_AI_ATTRIBUTES.TOOL_CALL_RESULT, result);
        break;
      }
      case "tool-error":
        span.setAttribute(BATON_ATTRIBUTES.TOOL_STATUS, event.status);
        if (event.status === "aborted") markAborted(span, event.error.code);
        else markFailed(span, event.error.code, event.error.message);
        break;
      case "tool-interrupted":
        span.setAttribute(BATON_ATTRIBUTES.TOOL_STATUS, "interrupted");
        span.setAttribute(BATON_ATTRIBUTES.TOOL_INTERRUPT_KIND, event.kind);
        break;
    }
    span.end(event.timestamp);
  }

  /** Ends the span because its agent ended first (`aborted`: by the abort of the run). */
  abandon(timestamp: number, aborted: boolean): void {
    if (!this.open) return;
    this.open = false;
    markUnfinished(this.span, aborted);
    this.span.end(timestamp);
  }

  private recordArguments(args: unknown): void {
    const text = this.settings.content.toolArguments(this.toolName, args);
    if (text !== undefined) this.span.setAttribute(GEN_AI_ATTRIBUTES.TOOL_CALL_ARGUMENTS, text);
  }
}
