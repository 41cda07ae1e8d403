import type { ReasoningDeltaPart, ReasoningPart } from "@baton/core";

interface ReasoningBlock {
  text: string;
  id?: string;
  signature?: string;
  redactedData?: string;
}

/**
 * Assembles a model turn's reasoning deltas into blocks: a new block starts when the
 * id changes or after a signed block; each delta's text reaches the listener as it
 * comes.
 */
export class ReasoningAssembler {
  private readonly blocks: ReasoningBlock[] = [];

  /** Adds a delta (and tells the listener its text). */
  add(part: ReasoningDeltaPart, listener: { onReasoning(text: string, id: string | undefined): void }): void {
    const blocks = this.blocks;
    let block = blocks[blocks.length - 1];
    if (!block || (part.id !== undefined && block.id !== undefined && block.id !== part.id) || block.signature !== undefined) {
      block = { text: "" };
      blocks.push(block);
    }
    if (part.id !== undefined) block.id = part.id;
    if (part.signature !== undefined) block.signature = part.signature;
    if (part.redactedData !== undefined) block.redactedData = (block.redactedData ?? "") + part.redactedData;
    if (part.text.length > 0) {
      block.text += part.text;
      listener.onReasoning(part.text, block.id);
    }
  }

  /** The turn's reasoning parts. */
  finish(): readonly ReasoningPart[] {
    return this.blocks.map((block) => ({ type: "reasoning", ...block }));
  }
}
