import type { FinishReason, ModelStreamPart, ReasoningPart, TokenUsage } from "@baton/core";

/** A streamed answer put together the way the loop does: text, reasoning blocks, calls by index. */
export interface AssembledTurn {
  text: string;
  reasoning: ReasoningPart[];
  toolCalls: { id: string; name: string; arguments: unknown }[];
  finish: FinishReason | undefined;
  usage: TokenUsage | undefined;
}

/** Assembles stream parts (reasoning blocks end at a signature or a new id, as in the loop). */
export function assembleTurn(parts: readonly ModelStreamPart[]): AssembledTurn {
  const turn: AssembledTurn = { text: "", reasoning: [], toolCalls: [], finish: undefined, usage: undefined };
  const calls = new Map<number, { id: string; name: string; args: string }>();
  let block: { text: string; id?: string; signature?: string } | undefined;
  for (const part of parts) {
    if (part.type === "text-delta") turn.text += part.text;
    else if (part.type === "reasoning-delta") {
      if (!block || block.signature !== undefined || (part.id !== undefined && block.id !== undefined && block.id !== part.id)) {
        block = { text: "" };
        turn.reasoning.push(block as ReasoningPart);
      }
      block.text += part.text;
      if (part.id !== undefined) block.id = part.id;
      if (part.signature !== undefined) block.signature = part.signature;
    } else if (part.type === "tool-call-delta") {
      const call = calls.get(part.index) ?? { id: "", name: "", args: "" };
      if (part.id) call.id = part.id;
      if (part.name) call.name = part.name;
      call.args += part.argumentsDelta;
      calls.set(part.index, call);
    } else if (part.type === "finish") {
      turn.finish = part.reason;
      turn.usage = part.usage;
    }
  }
  turn.reasoning = turn.reasoning.map((b) => ({ ...b, type: "reasoning" }));
  turn.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => ({ id: c.id, name: c.name, arguments: JSON.parse(c.args) as unknown }));
  return turn;
}
