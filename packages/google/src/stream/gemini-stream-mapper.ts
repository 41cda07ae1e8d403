import { randomUUID } from "node:crypto";
import { ProviderStreamError, type ModelStreamPart } from "@baton/core";
import type { GeminiFunctionCall, GeminiPart, GeminiResponseChunk, GeminiUsageMetadata } from "../sdk-types.js";
import { toFinishReason } from "./finish-reason.js";
import { PartialArguments } from "./partial-args.js";
import { toTokenUsage } from "./usage.js";

interface OpenCall {
  readonly index: number;
  readonly args: PartialArguments;
}

/**
 * Turns the chunks of one `streamGenerateContent` call into Baton stream parts.
 * Only the first candidate is read.
 *
 * - text parts → `text-delta`; parts with `thought: true` → `reasoning-delta`;
 * - a `thoughtSignature` on a text or thought part → `reasoning-delta` carrying the
 *   signature; on a `functionCall` part → a `reasoning-delta` with empty text, the
 *   signature, and the call's id as its `id`, just before the call (how
 *   `toModelParts` knows to send it back on that call);
 * - each function call → `tool-call-delta`s at the next index, with Gemini's call id
 *   or `call_<responseId>_<index>` (Gemini has no call ids), the name, and the
 *   arguments as JSON in one delta; calls streamed in pieces (`willContinue`,
 *   `partialArgs`) open with the name and get their arguments when they close;
 * - usage (cumulative in Gemini's chunks) and the finish reason go out once, in the
 *   `finish` part, when the stream ends.
 *
 * @example
 * const mapper = new GeminiStreamMapper();
 * const out: ModelStreamPart[] = [];
 * for await (const chunk of stream) mapper.push(chunk, out);
 * mapper.finish(out);
 */
export class GeminiStreamMapper {
  private calls = 0;
  private open: OpenCall | undefined;
  private finishReason: string | undefined;
  private blockReason: string | undefined;
  private usage: GeminiUsageMetadata | undefined;
  private idPrefix: string | undefined;
  /** The `responseId` of the chunks seen so far. */
  responseId: string | undefined;

  /** Appends the parts of one chunk to `out`. */
  push(chunk: GeminiResponseChunk, out: ModelStreamPart[]): void {
    if (chunk.responseId !== undefined) this.responseId ??= chunk.responseId;
    if (chunk.usageMetadata !== undefined) this.usage = chunk.usageMetadata;
    const blockReason = chunk.promptFeedback?.blockReason;
    if (blockReason !== undefined) this.blockReason = blockReason;
    const candidate = chunk.candidates?.[0];
    if (candidate === undefined) return;
    const parts = candidate.content?.parts;
    if (parts !== undefined) for (const part of parts) this.part(part, out);
    if (candidate.finishReason !== undefined) this.finishReason = candidate.finishReason;
  }

  /**
   * Appends the last parts: the arguments of a call still open, then `finish` with
   * the usage. Throws a {@link ProviderStreamError} when the stream ended without
   * a finish reason (it was cut off).
   */
  finish(out: ModelStreamPart[]): void {
    if (this.open) this.close(out);
    let reason: ReturnType<typeof toFinishReason> | undefined;
    if (this.finishReason !== undefined) reason = toFinishReason(this.finishReason, this.calls > 0);
    else if (this.blockReason !== undefined) reason = "content_filter" as const;
    else {
      throw new ProviderStreamError("the stream ended without a finish reason (it was cut off).", {
        provider: "google",
        ...(this.responseId === undefined ? {} : { requestId: this.responseId }),
      });
    }
    const usage = this.usage === undefined ? undefined : toTokenUsage(this.usage);
    out.push(usage === undefined ? { type: "finish", reason } : { type: "finish", reason, usage });
  }

  private part(part: GeminiPart, out: ModelStreamPart[]): void {
    if (part.functionCall !== undefined) {
      this.functionCall(part.functionCall, part.thoughtSignature, out);
      return;
    }
    if (this.open) this.close(out);
    const signature = part.thoughtSignature;
    if (typeof part.text === "string") {
      if (part.thought) {
        if (part.text.length > 0 || signature !== undefined) {
          out.push(signature === undefined ? { type: "reasoning-delta", text: part.text } : { type: "reasoning-delta", text: part.text, signature });
        }
        return;
      }
      if (part.text.length > 0) out.push({ type: "text-delta", text: part.text });
    }
    if (signature !== undefined) out.push({ type: "reasoning-delta", text: "", signature });
  }

  private functionCall(call: GeminiFunctionCall, signature: string | undefined, out: ModelStreamPart[]): void {
    if (this.open) {
      if (call.name === undefined) {
        // The next piece of the call being streamed; `{}` without `willContinue` closes it.
        if (call.partialArgs !== undefined) this.open.args.apply(call.partialArgs);
        if (!call.willContinue) this.close(out);
        return;
      }
      this.close(out);
    }
    if (call.name === undefined && call.args === undefined && call.partialArgs === undefined) return;
    const index = this.calls++;
    const id = call.id ?? this.callId(index);
    if (signature !== undefined) out.push({ type: "reasoning-delta", text: "", id, signature });
    const name = call.name === undefined ? {} : { name: call.name };
    if (call.willContinue) {
      const args = new PartialArguments(call.args);
      if (call.partialArgs !== undefined) args.apply(call.partialArgs);
      this.open = { index, args };
      out.push({ type: "tool-call-delta", index, id, ...name, argumentsDelta: "" });
    } else {
      out.push({ type: "tool-call-delta", index, id, ...name, argumentsDelta: JSON.stringify(call.args ?? {}) });
    }
  }

  private close(out: ModelStreamPart[]): void {
    const open = this.open!;
    this.open = undefined;
    out.push({ type: "tool-call-delta", index: open.index, argumentsDelta: open.args.toJson() });
  }

  private callId(index: number): string {
    this.idPrefix ??= this.responseId ?? randomUUID().replace(/-/g, "").slice(0, 12);
    return `call_${this.idPrefix}_${index}`;
  }
}
