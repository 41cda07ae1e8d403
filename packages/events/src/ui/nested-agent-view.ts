import type { StreamEvent } from "@baton/core";
import type { BatonAgentData, BatonAgentPart } from "./baton-ui-data.js";

type ToolPart = Extract<BatonAgentPart, { type: "tool" }>;

/** A text or reasoning part still growing, with the content block it belongs to. */
interface GrowingPart {
  readonly kind: "text" | "reasoning";
  readonly contentIndex: number;
  readonly reasoningId: string | undefined;
  readonly position: number;
}

/**
 * What one nested agent did so far, folded from its events into
 * {@link BatonAgentData}. `apply` says whether the change is worth sending now: text
 * and reasoning deltas are folded in silently and go out with the next snapshot (a
 * tool call, a step end, the run end), so the stream stays linear in size.
 */
export class NestedAgentView {
  private data: BatonAgentData;
  private readonly parts: BatonAgentPart[] = [];
  private growing: GrowingPart | undefined;
  /** Tool calls that started running (a call held for approval never starts). */
  private readonly started = new Set<string>();

  /** An agent with nothing done yet. */
  constructor(agentPath: string) {
    this.data = { agentPath, status: "running", parts: [] };
  }

  /** Folds an event of this agent in; returns true when a new snapshot should be sent. */
  apply(event: StreamEvent, errorText: (error: unknown) => string): boolean {
    switch (event.type) {
      case "run-start":
        this.data = {
          ...this.data,
          model: event.model,
          ...(event.parentAgentPath === undefined ? {} : { parentAgentPath: event.parentAgentPath }),
        };
        return true;
      case "text-delta":
        this.grow("text", event.contentIndex, undefined, event.text);
        return false;
      case "reasoning-delta":
        this.grow("reasoning", event.contentIndex, event.id, event.text);
        return false;
      case "tool-call":
        this.growing = undefined;
        this.parts.push({
          type: "tool",
          toolCallId: event.toolCall.toolCallId,
          toolName: event.toolCall.toolName,
          input: event.toolCall.arguments,
          state: "input-available",
        });
        return true;
      case "tool-done":
        return this.settleTool(event.toolCallId, event.toolName, (part) => ({ ...part, state: "output-available", output: event.result }));
      case "tool-error":
        return this.settleTool(event.toolCallId, event.toolName, (part) => ({ ...part, state: "output-error", errorText: errorText(event.error) }));
      case "tool-start":
        this.started.add(event.toolCallId);
        return false;
      case "tool-interrupted": {
        // A call held before it started waits for its own approval; one that started waits for its question or its sub-agents.
        const held = event.kind === "approval" && !this.started.has(event.toolCallId);
        const interruption = { kind: event.kind, ...(event.payload === undefined ? {} : { payload: event.payload }) };
        return this.settleTool(event.toolCallId, event.toolName, (part) => ({ ...part, ...(held ? { state: "approval-requested" } : {}), interruption }));
      }
      case "step-end":
        this.growing = undefined;
        return true;
      case "error":
        this.data = { ...this.data, error: event.error };
        return true;
      case "run-end": {
        this.growing = undefined;
        const failed = event.stopReason === "error" || event.stopReason === "aborted";
        this.data = {
          ...this.data,
          status: failed ? "failed" : event.stopReason === "interrupted" ? "interrupted" : "done",
          stopReason: event.stopReason,
          text: event.text,
          ...(event.error === undefined ? {} : { error: event.error }),
        };
        return true;
      }
      default:
        return false;
    }
  }

  /** The agent as sent in its `data-baton-agent` part. */
  snapshot(): BatonAgentData {
    return { ...this.data, parts: [...this.parts] };
  }

  private grow(kind: "text" | "reasoning", contentIndex: number, reasoningId: string | undefined, text: string): void {
    const open = this.growing;
    if (open && open.kind === kind && open.contentIndex === contentIndex && open.reasoningId === reasoningId) {
      const part = this.parts[open.position] as { type: "text" | "reasoning"; text: string };
      this.parts[open.position] = { type: kind, text: part.text + text };
      return;
    }
    this.growing = { kind, contentIndex, reasoningId, position: this.parts.length };
    this.parts.push({ type: kind, text });
  }

  /** Records a tool's outcome on its part (a part is added for a call not seen before). */
  private settleTool(toolCallId: string, toolName: string, settle: (part: ToolPart) => ToolPart): true {
    this.growing = undefined;
    for (let i = this.parts.length - 1; i >= 0; i--) {
      const part = this.parts[i]!;
      if (part.type === "tool" && part.toolCallId === toolCallId) {
        this.parts[i] = settle(part);
        return true;
      }
    }
    this.parts.push(settle({ type: "tool", toolCallId, toolName, input: undefined, state: "input-available" }));
    return true;
  }
}
