import type { ReasoningDeltaEvent, TextDeltaEvent } from "@baton/core";
import type { UiMessageChunk } from "./ui-message-chunk.js";

/** The text or reasoning part currently open in the UI message. */
interface OpenPart {
  readonly kind: "text" | "reasoning";
  readonly id: string;
  readonly contentIndex: number;
  readonly reasoningId: string | undefined;
}

/**
 * Turns the root agent's text and reasoning deltas into start/delta/end chunks. A
 * part stays open while deltas of the same kind and content block (and reasoning
 * id) arrive; anything else closes it first. Part ids are stable and readable:
 * `<agentPath>:text:<contentIndex>` and `<agentPath>:reasoning:<contentIndex>`, with
 * `.1`, `.2`, … appended if a block ever needs a second part.
 */
export class StreamingContentParts {
  private open: OpenPart | undefined;
  private readonly usedIds = new Map<string, number>();

  /** Chunks for a text delta: it may first close an open part and open a text part. */
  text(event: TextDeltaEvent): UiMessageChunk[] {
    const chunks = this.ensureOpen("text", event.agentPath, event.contentIndex, undefined);
    chunks.push({ type: "text-delta", id: this.open!.id, delta: event.text });
    return chunks;
  }

  /** Chunks for a reasoning delta: it may first close an open part and open a reasoning part. */
  reasoning(event: ReasoningDeltaEvent): UiMessageChunk[] {
    const chunks = this.ensureOpen("reasoning", event.agentPath, event.contentIndex, event.id);
    chunks.push({ type: "reasoning-delta", id: this.open!.id, delta: event.text });
    return chunks;
  }

  /** Closes the open part, if any. */
  close(): UiMessageChunk[] {
    const open = this.open;
    if (!open) return [];
    this.open = undefined;
    return [open.kind === "text" ? { type: "text-end", id: open.id } : { type: "reasoning-end", id: open.id }];
  }

  private ensureOpen(kind: OpenPart["kind"], agentPath: string, contentIndex: number, reasoningId: string | undefined): UiMessageChunk[] {
    const open = this.open;
    if (open && open.kind === kind && open.contentIndex === contentIndex && open.reasoningId === reasoningId) return [];
    const chunks = this.close();
    const id = this.uniqueId(`${agentPath}:${kind}:${contentIndex}`);
    this.open = { kind, id, contentIndex, reasoningId };
    chunks.push(kind === "text" ? { type: "text-start", id } : { type: "reasoning-start", id });
    return chunks;
  }

  private uniqueId(base: string): string {
    const count = this.usedIds.get(base) ?? 0;
    this.usedIds.set(base, count + 1);
    return count === 0 ? base : `${base}.${count}`;
  }
}
