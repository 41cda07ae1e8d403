import type { FinishReason, ModelStreamPart } from "@baton/core";
import { failureToError } from "../errors/to-openai-error.js";
import { incompleteReason } from "./finish-reason.js";
import type { StreamMapper } from "./pump-stream.js";
import { isParallelWrapper, unwrapParallelCalls } from "./parallel-wrapper.js";
import { responsesUsage, type ResponsesUsageFields } from "./usage.js";

/** An output item of the Responses API (the fields read here). */
interface OutputItem {
  readonly type: string;
  readonly id?: string | null;
  readonly call_id?: string | null;
  readonly name?: string | null;
  readonly arguments?: string | null;
  readonly input?: string | null;
  readonly encrypted_content?: string | null;
}

/** A Responses API stream event (the fields read here). */
export interface ResponsesEventFields {
  readonly type: string;
  readonly output_index?: number;
  readonly item_id?: string;
  readonly summary_index?: number;
  readonly delta?: string;
  readonly item?: OutputItem;
  readonly response?: {
    readonly usage?: ResponsesUsageFields | null;
    readonly incomplete_details?: { readonly reason?: string | null } | null;
    readonly error?: { readonly code?: string | null; readonly message?: string | null } | null;
  };
  /** `error` events: the fields at the top level, or under `error`. */
  readonly code?: string | null;
  readonly message?: string | null;
  readonly error?: { readonly code?: string | null; readonly type?: string | null; readonly message?: string | null } | null;
}

/** A tool call being streamed, by output index. */
interface OpenCall {
  readonly kind: "function" | "custom" | "wrapper";
  readonly index: number;
  readonly callId: string;
  readonly name: string;
  /** Length of the argument text sent so far (or buffered, for a wrapper). */
  streamed: number;
  buffer: string;
}

const CUSTOM_INPUT_OPEN = '{"input":"';
const CUSTOM_INPUT_CLOSE = '"}';

/** A piece of free text as the inside of a JSON string. */
const jsonStringBody = (text: string): string => JSON.stringify(text).slice(1, -1);

/**
 * Turns Responses API stream events into Baton stream parts: output text, reasoning
 * summaries (and raw reasoning text) with the reasoning item's id, the item's
 * `encrypted_content` as `redactedData` when the item is done, function calls by
 * index (several may stream at once), custom tool calls as `{"input": "<text>"}`, a
 * `multi_tool_use.parallel` wrapper unwrapped into its calls, and usage and the
 * finish reason from `response.completed` / `response.incomplete`. `response.failed`
 * and `error` events throw the typed error of their code.
 */
export class ResponsesEventMapper implements StreamMapper<ResponsesEventFields> {
  private readonly calls = new Map<number, OpenCall>();
  private nextToolIndex = 0;
  private refused = false;
  private ended = false;

  constructor(
    private readonly provider: string,
    private readonly requestId: string | undefined,
    private readonly offeredTools: ReadonlySet<string>,
  ) {}

  /** Whether the response ended (completed or incomplete). */
  get finished(): boolean {
    return this.ended;
  }

  /** Appends the parts of one event to `out`; returns true once the response has ended. */
  accept(event: ResponsesEventFields, out: ModelStreamPart[]): boolean {
    switch (event.type) {
      case "response.output_text.delta":
        if (event.delta) out.push({ type: "text-delta", text: event.delta });
        break;
      case "response.reasoning_summary_text.delta":
      case "response.reasoning_text.delta":
        if (event.delta) out.push({ type: "reasoning-delta", text: event.delta, ...(event.item_id ? { id: event.item_id } : {}) });
        break;
      case "response.function_call_arguments.delta":
      case "response.custom_tool_call_input.delta":
        this.argumentsDelta(event, out);
        break;
      case "response.output_item.added":
        if (event.item) this.itemAdded(event.output_index ?? -1, event.item, out);
        break;
      case "response.output_item.done":
        if (event.item) this.itemDone(event.output_index ?? -1, event.item, out);
        break;
      case "response.reasoning_summary_part.added":
        // Summary parts of one item are one reasoning block; keep them apart as paragraphs.
        if ((event.summary_index ?? 0) > 0) out.push({ type: "reasoning-delta", text: "\n\n", ...(event.item_id ? { id: event.item_id } : {}) });
        break;
      case "response.refusal.delta":
        if (event.delta) {
          this.refused = true;
          out.push({ type: "text-delta", text: event.delta });
        }
        break;
      case "response.completed":
        this.end(this.nextToolIndex > 0 ? "tool_calls" : this.refused ? "content_filter" : "stop", event, out);
        return true;
      case "response.incomplete":
        this.end(incompleteReason(event.response?.incomplete_details?.reason), event, out);
        return true;
      case "response.failed": {
        const error = event.response?.error;
        throw failureToError({ message: error?.message ?? "The response failed.", code: error?.code, requestId: this.requestId }, this.provider);
      }
      case "error":
        throw failureToError(
          {
            message: event.message ?? event.error?.message ?? "The stream sent an error.",
            code: event.code ?? event.error?.code,
            type: event.error?.type,
            requestId: this.requestId,
          },
          this.provider,
        );
    }
    return false;
  }

  private end(reason: FinishReason, event: ResponsesEventFields, out: ModelStreamPart[]): void {
    this.ended = true;
    const reported = event.response?.usage;
    if (reported) {
      const usage = responsesUsage(reported);
      out.push({ type: "usage", usage });
      out.push({ type: "finish", reason, usage });
    } else {
      out.push({ type: "finish", reason });
    }
  }

  private itemAdded(outputIndex: number, item: OutputItem, out: ModelStreamPart[]): void {
    if (item.type === "function_call") {
      if (isParallelWrapper(item.name, this.offeredTools)) {
        this.calls.set(outputIndex, {
          kind: "wrapper",
          index: -1,
          callId: item.call_id ?? "",
          name: item.name ?? "",
          streamed: 0,
          buffer: item.arguments ?? "",
        });
        return;
      }
      const call = this.open("function", outputIndex, item);
      const args = item.arguments ?? "";
      call.streamed = args.length;
      out.push({ type: "tool-call-delta", index: call.index, id: call.callId, name: call.name, argumentsDelta: args });
    } else if (item.type === "custom_tool_call") {
      const call = this.open("custom", outputIndex, item);
      const input = item.input ?? "";
      call.streamed = input.length;
      out.push({ type: "tool-call-delta", index: call.index, id: call.callId, name: call.name, argumentsDelta: CUSTOM_INPUT_OPEN + jsonStringBody(input) });
    }
  }

  private open(kind: "function" | "custom", outputIndex: number, item: OutputItem): OpenCall {
    const call: OpenCall = { kind, index: this.nextToolIndex++, callId: item.call_id ?? item.id ?? "", name: item.name ?? "", streamed: 0, buffer: "" };
    this.calls.set(outputIndex, call);
    return call;
  }

  private argumentsDelta(event: ResponsesEventFields, out: ModelStreamPart[]): void {
    const call = this.calls.get(event.output_index ?? -1);
    const delta = event.delta;
    if (!call || !delta) return;
    call.streamed += delta.length;
    if (call.kind === "wrapper") call.buffer += delta;
    else out.push({ type: "tool-call-delta", index: call.index, argumentsDelta: call.kind === "custom" ? jsonStringBody(delta) : delta });
  }

  private itemDone(outputIndex: number, item: OutputItem, out: ModelStreamPart[]): void {
    if (item.type === "reasoning") {
      if (item.encrypted_content && item.id) out.push({ type: "reasoning-delta", text: "", id: item.id, redactedData: item.encrypted_content });
      return;
    }
    const call = this.calls.get(outputIndex);
    if (!call) return;
    this.calls.delete(outputIndex);
    if (call.kind === "wrapper") {
      this.unwrap(call, call.buffer || item.arguments || "", out);
    } else if (call.kind === "function") {
      // Servers that send the arguments only with the finished item.
      if (call.streamed === 0 && item.arguments) out.push({ type: "tool-call-delta", index: call.index, argumentsDelta: item.arguments });
    } else {
      const rest = call.streamed === 0 && item.input ? jsonStringBody(item.input) : "";
      out.push({ type: "tool-call-delta", index: call.index, argumentsDelta: rest + CUSTOM_INPUT_CLOSE });
    }
  }

  private unwrap(wrapper: OpenCall, text: string, out: ModelStreamPart[]): void {
    const calls = unwrapParallelCalls(text);
    if (!calls) {
      out.push({ type: "tool-call-delta", index: this.nextToolIndex++, id: wrapper.callId, name: wrapper.name, argumentsDelta: text });
      return;
    }
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!;
      out.push({ type: "tool-call-delta", index: this.nextToolIndex++, id: `${wrapper.callId}_${i}`, name: call.name, argumentsDelta: call.arguments });
    }
  }
}
