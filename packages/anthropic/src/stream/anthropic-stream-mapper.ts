import { ProviderStreamError, type ModelStreamPart } from "@baton/core";
import { PROVIDER } from "../errors/provider-id.js";
import type { AnthropicStreamEvent } from "../sdk-types.js";
import { toFinishReason } from "./finish-reason.js";
import { UsageCounter } from "./usage-counter.js";

/** What the mapper remembers about an open content block, by its index. */
type OpenBlock =
  | { readonly kind: "thinking"; readonly id: string; readonly startSignature: string; signature: string }
  | { readonly kind: "tool"; readonly startInput: unknown; streamed: boolean }
  | { readonly kind: "other" };

const OTHER: OpenBlock = { kind: "other" };

function hasKeys(value: unknown): boolean {
  return value !== null && typeof value === "object" && Object.keys(value).length > 0;
}

/**
 * Maps the raw events of one streamed Messages API call to Baton stream parts, one
 * event at a time (each event gives at most one part), so the caller's own loop does
 * the iterating:
 * - `text_delta` → `text-delta`;
 * - `thinking` blocks → `reasoning-delta` parts with the block's id
 *   (`<message id>:<block index>`), the signature (`signature_delta`) on a last,
 *   empty part when the block stops; `redacted_thinking` → one part with `redactedData`;
 * - `tool_use` blocks → `tool-call-delta` by content block index: id and name first,
 *   then each `input_json_delta` as it comes (never parsed here);
 * - `message_start` / `message_delta` usage and `stop_reason` → the `finish` part at
 *   `message_stop`, with the whole call's usage.
 * Server-tool blocks (their input is the API's to run), citations and unknown events
 * give nothing. A second `message_start` before `message_stop` (two responses spliced
 * by a proxy) throws `ProviderStreamError`, so nothing of the two merges.
 *
 * @example
 * const mapper = new AnthropicStreamMapper();
 * for await (const event of sdkStream) { const part = mapper.map(event); if (part) yield part; }
 * mapper.end(); // throws when message_stop never came
 */
export class AnthropicStreamMapper {
  private readonly usage = new UsageCounter();
  private readonly blocks = new Map<number, OpenBlock>();
  private messageId = "msg";
  private stopReason: string | null | undefined;
  private started = false;
  private stopped = false;

  /** @param requestId the call's `request-id`, for the error of a stream that ends early. */
  constructor(private readonly requestId?: string) {}

  /** Whether `message_stop` was seen. */
  get complete(): boolean {
    return this.stopped;
  }

  /** The part for one event, if it gives one. */
  map(event: AnthropicStreamEvent): ModelStreamPart | undefined {
    switch (event.type) {
      case "content_block_delta":
        return this.delta(event);
      case "content_block_start":
        return this.start(event);
      case "content_block_stop":
        return this.stop(event.index);
      case "message_start":
        if (this.started && !this.stopped) throw this.splicedStream(event.message.id);
        this.started = true;
        if (event.message.id) this.messageId = event.message.id;
        this.usage.update(event.message.usage);
        return undefined;
      case "message_delta":
        if (event.delta.stop_reason) this.stopReason = event.delta.stop_reason;
        this.usage.update(event.usage);
        return undefined;
      case "message_stop":
        this.stopped = true;
        return { type: "finish", reason: toFinishReason(this.stopReason), usage: this.usage.total() };
      default:
        return undefined;
    }
  }

  /** Throws `ProviderStreamError` when the stream ended without `message_stop`. */
  end(): void {
    if (!this.stopped) {
      throw new ProviderStreamError("the stream ended before message_stop", { provider: PROVIDER, ...(this.requestId ? { requestId: this.requestId } : {}) });
    }
  }

  /**
   * A second `message_start` while a message is open: a proxy spliced two responses
   * into one stream. Nothing of the second is mapped (its blocks would merge into the
   * open ones by index): the stream ends in a `ProviderStreamError`.
   */
  private splicedStream(secondId: string | undefined): ProviderStreamError {
    return new ProviderStreamError(
      `a second message_start${secondId ? ` (${secondId})` : ""} arrived while message ${this.messageId} was still open: the stream is malformed (two responses spliced together?)`,
      { provider: PROVIDER, providerCode: "unexpected_message_start", ...(this.requestId ? { requestId: this.requestId } : {}) },
    );
  }

  private delta(event: Extract<AnthropicStreamEvent, { type: "content_block_delta" }>): ModelStreamPart | undefined {
    const delta = event.delta;
    switch (delta.type) {
      case "text_delta":
        return delta.text.length > 0 ? { type: "text-delta", text: delta.text } : undefined;
      case "thinking_delta": {
        if (delta.thinking.length === 0) return undefined;
        const block = this.blocks.get(event.index);
        return block?.kind === "thinking" ? { type: "reasoning-delta", text: delta.thinking, id: block.id } : { type: "reasoning-delta", text: delta.thinking };
      }
      case "signature_delta": {
        const block = this.blocks.get(event.index);
        if (block?.kind === "thinking") block.signature += delta.signature;
        return undefined;
      }
      case "input_json_delta": {
        const block = this.blocks.get(event.index);
        if (block?.kind !== "tool") return undefined;
        block.streamed = true;
        return delta.partial_json.length > 0 ? { type: "tool-call-delta", index: event.index, argumentsDelta: delta.partial_json } : undefined;
      }
      default:
        return undefined;
    }
  }

  private start(event: Extract<AnthropicStreamEvent, { type: "content_block_start" }>): ModelStreamPart | undefined {
    const block = event.content_block;
    switch (block.type) {
      case "text":
        this.blocks.set(event.index, OTHER);
        return block.text.length > 0 ? { type: "text-delta", text: block.text } : undefined;
      case "thinking": {
        const id = `${this.messageId}:${event.index}`;
        this.blocks.set(event.index, { kind: "thinking", id, startSignature: block.signature ?? "", signature: "" });
        return block.thinking.length > 0 ? { type: "reasoning-delta", text: block.thinking, id } : undefined;
      }
      case "redacted_thinking":
        this.blocks.set(event.index, OTHER);
        return { type: "reasoning-delta", text: "", id: `${this.messageId}:${event.index}`, redactedData: block.data };
      case "tool_use":
        this.blocks.set(event.index, { kind: "tool", startInput: block.input, streamed: false });
        return { type: "tool-call-delta", index: event.index, id: block.id, name: block.name, argumentsDelta: "" };
      default:
        this.blocks.set(event.index, OTHER);
        return undefined;
    }
  }

  private stop(index: number): ModelStreamPart | undefined {
    const block = this.blocks.get(index);
    this.blocks.delete(index);
    if (block?.kind === "thinking") {
      const signature = block.signature || block.startSignature;
      return signature ? { type: "reasoning-delta", text: "", id: block.id, signature } : undefined;
    }
    if (block?.kind === "tool" && !block.streamed && hasKeys(block.startInput)) {
      // Some gateways send the whole input on the start block and no deltas.
      return { type: "tool-call-delta", index, argumentsDelta: JSON.stringify(block.startInput) };
    }
    return undefined;
  }
}
