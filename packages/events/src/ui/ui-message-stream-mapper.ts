import { checkOptions, errorMessage, type StreamEvent } from "@baton/core";
import { ProgressLog } from "../progress/progress-log.js";
import { toUiFinishReason } from "./finish-reason.js";
import { NestedAgentView } from "./nested-agent-view.js";
import { StreamingContentParts } from "./streaming-content-parts.js";
import type { ToUiMessageStreamOptions } from "./to-ui-message-stream-options.js";
import type { UiMessageChunk } from "./ui-message-chunk.js";
import { UI_MESSAGE_STREAM_RULES } from "../options/option-rules.js";

/** The text of an error: the `message` of a serialized or thrown error, else the value as text. */
function defaultErrorText(error: unknown): string {
  if (error !== null && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
    return (error as { message: string }).message;
  }
  return errorMessage(error);
}

/**
 * The request reason the AI SDK shows with an approval: the interruption's payload when
 * it is a string, or its `reason` when it is an object with a string `reason`.
 */
function approvalReason(payload: unknown): string | undefined {
  if (typeof payload === "string") return payload;
  if (payload !== null && typeof payload === "object" && typeof (payload as { reason?: unknown }).reason === "string")
    return (payload as { reason: string }).reason;
  return undefined;
}

/** True for the root agent of a run (`main`), false for nested agents (`main/researcher#1`). */
function isRootAgent(agentPath: string): boolean {
  return !agentPath.includes("/");
}

/**
 * Maps a run's events, one at a time and in order, to AI SDK UI message stream
 * chunks (the mapping is documented in the package README). The root agent (agent
 * path without `/`) becomes the assistant message: steps, text, reasoning and tool
 * parts. Nested agents become `data-baton-agent` parts. A run that pauses asks the
 * root agent's approvals with the SDK's `tool-approval-request` (approval id = tool
 * call id) and lists the rest of what it waits for as `data-baton-interruption` parts
 * at its end. `toUiMessageStream` drives it; use it directly to map events pushed to
 * you (an `onEvent` callback).
 *
 * @example
 * const mapper = new UiMessageStreamMapper();
 * for (const event of events) for (const chunk of mapper.push(event)) write(chunk);
 * for (const chunk of mapper.end()) write(chunk);
 */
export class UiMessageStreamMapper {
  private readonly options: ToUiMessageStreamOptions;
  private readonly errorText: (error: unknown) => string;
  private readonly content = new StreamingContentParts();
  private readonly progress = new ProgressLog();
  private readonly nested = new Map<string, NestedAgentView>();
  /** Root tool calls announced to the UI (a tool part exists for them). */
  private readonly announced = new Set<string>();
  /** Arguments of root tool calls, from `tool-start`, for calls never announced. */
  private readonly startedInputs = new Map<string, unknown>();
  /** Root tool calls whose approval was requested with the SDK's own chunk. */
  private readonly approvalsRequested = new Set<string>();
  private started = false;
  /** Message metadata of the event being mapped, until a chunk takes it. */
  private pendingMetadata: unknown;
  private stepOpen = false;
  /** Whether a root step started yet. */
  private sawRootStep = false;
  /** In the first step of a resumed run, until its first message: `tool-call`s repeat calls the client has. */
  private reannouncing = false;
  private done = false;

  /** A mapper for one run's events (it keeps the state of open parts and nested agents). */
  constructor(options: ToUiMessageStreamOptions = {}) {
    checkOptions("UiMessageStreamMapper", options, UI_MESSAGE_STREAM_RULES);
    this.options = options;
    this.errorText = options.errorText ?? defaultErrorText;
  }

  /** Whether the root agent's run ended (later events are ignored). */
  get finished(): boolean {
    return this.done;
  }

  /** The chunks for the next event. */
  push(event: StreamEvent): UiMessageChunk[] {
    if (this.done) return [];
    this.pendingMetadata = this.options.messageMetadata?.(event);
    const chunks: UiMessageChunk[] = [];
    if (!this.started) {
      this.started = true;
      if (this.options.sendStart !== false) {
        const attach = event.type === "run-start" && isRootAgent(event.agentPath) ? this.takeMetadata() : undefined;
        chunks.push({ type: "start", messageId: this.options.messageId ?? event.runId, ...(attach === undefined ? {} : { messageMetadata: attach }) });
      }
    }
    const own = isRootAgent(event.agentPath) ? this.root(event) : this.nestedAgent(event);
    if (own !== undefined) chunks.push(...own);
    else if (event.type !== "message" && this.options.forwardEvents !== false) chunks.push({ type: "data-baton-event", data: event, transient: true });
    const unused = this.takeMetadata();
    if (unused !== undefined) chunks.push({ type: "message-metadata", messageMetadata: unused });
    return chunks;
  }

  /**
   * The chunks when the events end. After the root `run-end` there are none; when the
   * events stop before it (a cut connection), open parts and the step are closed and
   * no `finish` is sent.
   */
  end(): UiMessageChunk[] {
    if (this.done) return [];
    this.done = true;
    return this.closeStep();
  }

  /** The chunks when the event source fails: open parts are closed and an `error` chunk follows. */
  fail(error: unknown): UiMessageChunk[] {
    const chunks: UiMessageChunk[] = [];
    if (!this.started && this.options.sendStart !== false) {
      chunks.push({ type: "start", ...(this.options.messageId === undefined ? {} : { messageId: this.options.messageId }) });
    }
    this.started = true;
    chunks.push(...this.end(), { type: "error", errorText: this.errorText(error) });
    return chunks;
  }

  /** Chunks of a root-agent event; `undefined` when it has no chunk of its own. */
  private root(event: StreamEvent): UiMessageChunk[] | undefined {
    const dynamic = this.options.dynamicTools === true ? { dynamic: true } : {};
    switch (event.type) {
      case "step-start":
        this.reannouncing = this.options.resumed === true && !this.sawRootStep;
        this.sawRootStep = true;
        this.stepOpen = true;
        return [...this.content.close(), { type: "start-step" }];
      case "step-end":
        this.reannouncing = false;
        return this.closeStep();
      case "text-delta":
        return this.content.text(event);
      case "reasoning-delta":
        return this.options.sendReasoning === false ? [] : this.content.reasoning(event);
      case "tool-call": {
        const { toolCallId, toolName, arguments: input } = event.toolCall;
        this.announced.add(toolCallId);
        if (this.reannouncing) return [];
        return [...this.content.close(), { type: "tool-input-available", toolCallId, toolName, input, ...dynamic }];
      }
      case "tool-start":
        this.startedInputs.set(event.toolCallId, event.arguments);
        return undefined;
      case "tool-done": {
        const chunks = this.announce(event.toolCallId, event.toolName);
        chunks.push({ type: "tool-output-available", toolCallId: event.toolCallId, output: event.result, ...dynamic });
        return chunks;
      }
      case "tool-error": {
        const errorText = this.errorText(event.error);
        if (!this.announced.has(event.toolCallId)) {
          this.announced.add(event.toolCallId);
          const input = this.startedInputs.get(event.toolCallId);
          return [...this.content.close(), { type: "tool-input-error", toolCallId: event.toolCallId, toolName: event.toolName, input, errorText, ...dynamic }];
        }
        return [{ type: "tool-output-error", toolCallId: event.toolCallId, errorText, ...dynamic }];
      }
      case "tool-interrupted": {
        // Only a call held before it started waits for its own approval; a call that started
        // and paused waits for its question or for a sub-agent's interruptions. What has no
        // chunk in the SDK is listed at the run's end as data-baton-interruption parts.
        if (event.kind !== "approval" || this.startedInputs.has(event.toolCallId)) return undefined;
        const chunks = this.announce(event.toolCallId, event.toolName);
        this.approvalsRequested.add(event.toolCallId);
        const reason = approvalReason(event.payload);
        chunks.push({
          type: "tool-approval-request",
          approvalId: event.toolCallId,
          toolCallId: event.toolCallId,
          ...(event.payload === undefined ? {} : { approvalDescriptor: event.payload }),
          ...(reason === undefined ? {} : { reason }),
        });
        return chunks;
      }
      case "tool-progress":
      case "plan-updated":
        return this.shared(event);
      case "run-end": {
        this.done = true;
        const chunks = this.closeStep();
        for (const interruption of event.interruptions ?? []) {
          if (this.approvalsRequested.has(interruption.id)) continue;
          chunks.push({ type: "data-baton-interruption", id: `interruption:${interruption.id}`, data: interruption });
        }
        if (event.stopReason === "aborted") {
          const metadata = this.takeMetadata();
          if (metadata !== undefined) chunks.push({ type: "message-metadata", messageMetadata: metadata });
          chunks.push({ type: "abort", ...(event.error === undefined ? {} : { reason: this.errorText(event.error) }) });
          return chunks;
        }
        if (event.error !== undefined) chunks.push({ type: "error", errorText: this.errorText(event.error) });
        if (this.options.sendFinish !== false) {
          const metadata = this.takeMetadata();
          chunks.push({ type: "finish", finishReason: toUiFinishReason(event.stopReason), ...(metadata === undefined ? {} : { messageMetadata: metadata }) });
        }
        return chunks;
      }
      case "run-start":
        return [];
      case "message":
        this.reannouncing = false;
        return undefined;
      default:
        return undefined;
    }
  }

  /** Chunks of a nested-agent event; `undefined` when it has no chunk of its own. */
  private nestedAgent(event: StreamEvent): UiMessageChunk[] | undefined {
    if (event.type === "tool-progress" || event.type === "plan-updated") return this.shared(event);
    if (event.type === "reasoning-delta" && this.options.sendReasoning === false) return [];
    let view = this.nested.get(event.agentPath);
    if (!view) {
      view = new NestedAgentView(event.agentPath);
      this.nested.set(event.agentPath, view);
    }
    if (!view.apply(event, this.errorText)) return undefined;
    return [{ type: "data-baton-agent", id: `agent:${event.agentPath}`, data: view.snapshot() }];
  }

  /** Chunks of events mapped the same way for every agent: tool progress and plans. */
  private shared(event: Extract<StreamEvent, { type: "tool-progress" | "plan-updated" }>): UiMessageChunk[] {
    if (event.type === "plan-updated") {
      return [{ type: "data-baton-plan", id: `plan:${event.agentPath}`, data: { agentPath: event.agentPath, version: event.version, items: event.items } }];
    }
    const { agentPath, toolCallId, toolName, message } = event;
    const chunks: UiMessageChunk[] = [
      {
        type: "data-baton-tool-progress",
        data: {
          agentPath,
          toolCallId,
          toolName,
          message,
          ...(event.data === undefined ? {} : { data: event.data }),
          ...(event.step === undefined ? {} : { step: event.step }),
        },
        transient: true,
      },
    ];
    const entry = this.progress.apply(event);
    if (entry) {
      chunks.push({ type: "data-baton-progress-group", id: `progress:${agentPath}:${toolCallId}:${entry.group.name}`, data: entry });
    }
    return chunks;
  }

  /** Makes sure a tool part exists for a root tool call before its result is sent. */
  private announce(toolCallId: string, toolName: string): UiMessageChunk[] {
    if (this.announced.has(toolCallId)) return [];
    this.announced.add(toolCallId);
    const dynamic = this.options.dynamicTools === true ? { dynamic: true } : {};
    return [...this.content.close(), { type: "tool-input-available", toolCallId, toolName, input: this.startedInputs.get(toolCallId), ...dynamic }];
  }

  /** The current event's message metadata, once: the first chunk that carries it takes it. */
  private takeMetadata(): unknown {
    const metadata = this.pendingMetadata;
    this.pendingMetadata = undefined;
    return metadata;
  }

  private closeStep(): UiMessageChunk[] {
    const chunks = this.content.close();
    if (this.stepOpen) {
      this.stepOpen = false;
      chunks.push({ type: "finish-step" });
    }
    return chunks;
  }
}
