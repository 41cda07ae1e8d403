import type { ToolCallDeltaPart } from "@baton/core";

/** A tool call assembled from deltas: id, name and the raw argument text. */
export interface AssembledToolCall {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  readonly rawArguments: string;
}

interface PartialCall {
  index: number;
  id: string;
  name: string;
  args: string;
}

/**
 * Assembles streamed tool-call deltas into whole calls. Deltas of several calls may
 * interleave; they are told apart by `index`. Calls come out in index order; a call
 * without an id gets `call_<runId-local counter>`.
 */
export class ToolCallAssembler {
  private readonly calls = new Map<number, PartialCall>();

  add(delta: ToolCallDeltaPart): void {
    let call = this.calls.get(delta.index);
    if (!call) {
      call = { index: delta.index, id: "", name: "", args: "" };
      this.calls.set(delta.index, call);
    }
    if (delta.id) call.id = delta.id;
    if (delta.name) call.name += call.name && delta.name.startsWith(call.name) ? delta.name.slice(call.name.length) : delta.name;
    call.args += delta.argumentsDelta;
  }

  /** The assembled calls in index order; `ids.fallbackToolCallId(i)` names calls the provider gave no id. */
  finish(ids: { fallbackToolCallId(position: number): string }): AssembledToolCall[] {
    const sorted = [...this.calls.values()].sort((a, b) => a.index - b.index);
    return sorted.map((call, position) => ({ index: call.index, id: call.id || ids.fallbackToolCallId(position), name: call.name, rawArguments: call.args }));
  }
}
