import type { Message } from "../messages/index.js";
import type { ArchiveStore, ToolArchive } from "../storage/archive-store.js";
import type { ConversationStore } from "../storage/conversation-store.js";
import { toModelMessages } from "./conversation-messages.js";
import type { SummaryStore } from "../storage/summary-store.js";

/** A stored conversation as a model sees it, with the position it was read through. */
export interface ConversationHistory {
  /** The latest summary (as a system message) followed by the messages after it. */
  readonly messages: Message[];
  /** `seq` of the last stored message read; 0 for an empty conversation. */
  readonly throughSeq: number;
}

/** The system message a stored summary becomes. */
export function summaryMessage(text: string): Message {
  return { role: "system", content: `Summary of the earlier conversation:\n${text}` };
}

/**
 * Loads a conversation for a model: when it has a summary, the summary replaces the
 * messages it covers. `throughSeq` limits the read (a resumed run reads what it read
 * when it started).
 */
export async function loadConversationHistory(
  storage: ConversationStore & SummaryStore,
  conversationId: string,
  throughSeq?: number,
): Promise<ConversationHistory> {
  const summary = await storage.loadSummary(conversationId);
  const usable = summary !== undefined && (throughSeq === undefined || summary.throughSeq <= throughSeq) ? summary : undefined;
  const stored = await storage.loadMessages(conversationId, {
    ...(usable ? { afterSeq: usable.throughSeq } : {}),
    ...(throughSeq === undefined ? {} : { throughSeq }),
  });
  const messages = toModelMessages(stored);
  return {
    messages: usable ? [summaryMessage(usable.text), ...messages] : messages,
    throughSeq: stored.at(-1)?.seq ?? usable?.throughSeq ?? throughSeq ?? 0,
  };
}

/**
 * A {@link ToolArchive} (what `@baton/tokens`' archiving strategy writes to) backed by
 * a storage's archive, so archived outputs survive the process.
 * @example createContextEngine({ counter, strategies: [archiveLargeToolOutputs({ maxTokens: 2_000, archive: toolArchiveOf(storage) })] })
 */
export function toolArchiveOf(storage: ArchiveStore, scope: { readonly runId?: string; readonly conversationId?: string } = {}): ToolArchive {
  return {
    put: (entry) => storage.archiveToolOutput({ ...scope, ...entry }),
    get: async (id) => {
      const stored = await storage.loadToolOutput(id);
      return stored && { id: stored.id, toolName: stored.toolName, toolCallId: stored.toolCallId, result: stored.result };
    },
  };
}
