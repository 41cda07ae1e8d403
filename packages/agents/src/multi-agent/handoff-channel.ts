import type { Message } from "@baton/core";
import type { HandoffRecord } from "./handoff-record.js";

/** What the config hands a transfer call before it runs. */
export type TransferTicket =
  /** The conversation so far, as the target will see it. */
  | { readonly kind: "go"; readonly transcript: readonly Message[] }
  /** Another transfer of the same turn was chosen; this one is refused. */
  | { readonly kind: "refused"; readonly chosen: string };

/** The result of a transfer tool that handed control away. */
export interface HandoffResult {
  readonly record: HandoffRecord;
  /** The answer of the chain. */
  readonly text: string;
}

/**
 * Joins the handoff hooks of one agent activation to its `transfer_to_*` tools: the
 * config's `onToolsSelected` leaves a ticket per transfer call (the conversation,
 * which a tool cannot read itself), the tool takes it; the tool's results are known
 * by identity, so `handleSpecialTools` can tell a completed handoff from any other
 * value. Keys hold run id, agent path and call id, so one activation may serve many runs.
 */
export class HandoffChannel {
  private readonly tickets = new Map<string, TransferTicket>();
  private readonly results = new WeakSet<HandoffResult>();

  /** Leaves a ticket for a call. */
  put(runId: string, agentPath: string, toolCallId: string, ticket: TransferTicket): void {
    this.tickets.set(keyOf(runId, agentPath, toolCallId), ticket);
  }

  /** Takes (and forgets) the ticket of a call, if any. */
  take(runId: string, agentPath: string, toolCallId: string): TransferTicket | undefined {
    const key = keyOf(runId, agentPath, toolCallId);
    const ticket = this.tickets.get(key);
    this.tickets.delete(key);
    return ticket;
  }

  /** Marks a value as a completed handoff of this activation. */
  seal(result: HandoffResult): HandoffResult {
    this.results.add(result);
    return result;
  }

  /** Whether `value` is a completed handoff of this activation. */
  isHandoff(value: unknown): value is HandoffResult {
    return value !== null && typeof value === "object" && this.results.has(value as HandoffResult);
  }
}

function keyOf(runId: string, agentPath: string, toolCallId: string): string {
  return `${runId}\u0000${agentPath}\u0000${toolCallId}`;
}
