import type { FinishReason, ModelStreamPart, TokenUsage } from "@baton/core";
import { chatFinishReason } from "./finish-reason.js";
import type { StreamMapper } from "./pump-stream.js";
import { chatUsage, type ChatUsageFields } from "./usage.js";

/** A streamed tool-call piece as OpenAI and the compatible servers send it. */
interface ChatToolCallDelta {
  readonly index?: number;
  readonly id?: string | null;
  readonly function?: { readonly name?: string | null; readonly arguments?: string | null } | null;
}

/**
 * One typed part of a `delta.content` array, as Mistral's reasoning models send it:
 * `{ type: "thinking", thinking: [{ type: "text", text }] }` or `{ type: "text", text }`.
 */
interface ChatContentPart {
  readonly type?: unknown;
  readonly text?: unknown;
  readonly thinking?: unknown;
}

/** The delta of a chunk, with the reasoning fields compatible servers add. */
interface ChatDelta {
  /** A string (OpenAI), or an array of typed parts (Mistral's reasoning models). */
  readonly content?: string | readonly ChatContentPart[] | null;
  readonly refusal?: string | null;
  /** DeepSeek, xAI, vLLM. */
  readonly reasoning_content?: string | null;
  /** Groq, OpenRouter, Ollama. */
  readonly reasoning?: string | null;
  readonly tool_calls?: readonly ChatToolCallDelta[] | null;
  readonly function_call?: { readonly name?: string | null; readonly arguments?: string | null } | null;
}

/** One chunk of a Chat Completions stream (the fields read here). */
export interface ChatChunkFields {
  readonly choices?: ReadonlyArray<{ readonly delta?: ChatDelta | null; readonly finish_reason?: string | null }> | null;
  readonly usage?: ChatUsageFields | null;
  /** Groq puts usage here (older streams only here). */
  readonly x_groq?: { readonly usage?: ChatUsageFields | null } | null;
}

/** The text of a `thinking` part: an array of `{ type: "text", text }` (Mistral), or a plain string. */
function thinkingText(thinking: unknown): string {
  if (typeof thinking === "string") return thinking;
  if (!Array.isArray(thinking)) return "";
  let text = "";
  for (const piece of thinking as readonly ChatContentPart[]) {
    if (piece && typeof piece === "object" && piece.type === "text" && typeof piece.text === "string") text += piece.text;
  }
  return text;
}

/** Maps a `delta.content` array: `thinking` parts → reasoning, `text` parts → text, other parts skipped. */
function acceptContentParts(parts: readonly ChatContentPart[], out: ModelStreamPart[]): void {
  for (const part of parts) {
    if (!part || typeof part !== "object") continue;
    if (part.type === "text") {
      if (typeof part.text === "string" && part.text.length > 0) out.push({ type: "text-delta", text: part.text });
    } else if (part.type === "thinking") {
      const text = thinkingText(part.thinking);
      if (text.length > 0) out.push({ type: "reasoning-delta", text });
    }
  }
}

/**
 * Turns Chat Completions chunks into Baton stream parts. `accept` maps one chunk:
 * reasoning (`reasoning_content` or `reasoning`), text, `content` arrays of typed parts
 * (Mistral: `thinking` → reasoning, `text` → text, others skipped), refusals (as text; the finish
 * reason becomes `content_filter`) and tool calls by index. The finish reason and the
 * usage arrive in separate chunks, so `close` emits `usage` then `finish` once the
 * stream has ended (`close`). Only the first choice is read.
 */
export class ChatChunkMapper implements StreamMapper<ChatChunkFields> {
  private finishReason: string | undefined;
  private usage: TokenUsage | undefined;
  private sawToolCalls = false;
  private refused = false;

  /** Appends the parts of one chunk to `out`. */
  accept(chunk: ChatChunkFields, out: ModelStreamPart[]): void {
    const usage = chunk.usage ?? chunk.x_groq?.usage;
    if (usage) this.usage = chatUsage(usage);
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const delta = choice.delta;
    if (delta) {
      const reasoning = delta.reasoning_content || delta.reasoning;
      if (reasoning) out.push({ type: "reasoning-delta", text: reasoning });
      if (typeof delta.content === "string") {
        if (delta.content) out.push({ type: "text-delta", text: delta.content });
      } else if (Array.isArray(delta.content)) {
        acceptContentParts(delta.content as readonly ChatContentPart[], out);
      }
      if (delta.refusal) {
        this.refused = true;
        out.push({ type: "text-delta", text: delta.refusal });
      }
      if (delta.tool_calls) this.acceptToolCalls(delta.tool_calls, out);
      else if (delta.function_call) this.acceptToolCalls([{ index: 0, function: delta.function_call }], out);
    }
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  private acceptToolCalls(calls: readonly ChatToolCallDelta[], out: ModelStreamPart[]): void {
    for (let position = 0; position < calls.length; position++) {
      const call = calls[position]!;
      this.sawToolCalls = true;
      const name = call.function?.name;
      out.push({
        type: "tool-call-delta",
        index: call.index ?? position,
        ...(call.id ? { id: call.id } : {}),
        ...(name ? { name } : {}),
        argumentsDelta: call.function?.arguments ?? "",
      });
    }
  }

  /** Whether a finish reason arrived (a stream without one was cut off). */
  get finished(): boolean {
    return this.finishReason !== undefined;
  }

  /** Appends the closing `usage` (when reported) and `finish` parts. */
  close(out: ModelStreamPart[]): void {
    let reason: FinishReason = chatFinishReason(this.finishReason ?? "other", this.sawToolCalls);
    if (this.refused && reason === "stop") reason = "content_filter";
    if (this.usage) {
      out.push({ type: "usage", usage: this.usage });
      out.push({ type: "finish", reason, usage: this.usage });
    } else {
      out.push({ type: "finish", reason });
    }
  }
}
