import {
  RUN_CHECKPOINT_VERSION,
  applyDataPolicy,
  type DataPolicy,
  type Message,
  type OrchestratorState,
  type StopReason,
  type Storage,
  type ToolMessage,
  type Usage,
} from "@baton/core";

/** What a tool marked as "not for history" leaves in stored messages. */
function storedResultOf(toolName: string, metadata: Record<string, unknown> | undefined): unknown {
  const summary = metadata?.["summary"];
  return typeof summary === "string" ? summary : `[${toolName} result not kept in history]`;
}

/**
 * Applies a tool's `includeInHistory: false` (recorded in tool metadata) to stored
 * tool results: the result is replaced by its summary.
 */
function withHistoryRules(messages: readonly Message[], toolMetadata: Readonly<Record<string, Record<string, unknown>>>): Message[] {
  return messages.map((message) => {
    if (message.role !== "tool") return message;
    let changed = false;
    const content = message.content.map((part) => {
      const metadata = toolMetadata[part.toolCallId];
      if (metadata?.["includeInHistory"] !== false) return part;
      changed = true;
      return { ...part, result: storedResultOf(part.toolName, metadata) };
    });
    return changed ? ({ role: "tool", content } satisfies ToolMessage) : message;
  });
}

/**
 * Writes a run through a {@link Storage} as its data policy allows: a checkpoint after
 * each iteration, and at the end the run's messages (appended to the conversation)
 * and its usage. A storage failure is reported, never thrown into the loop.
 */
export class RunPersistence {
  private failed = false;

  constructor(
    private readonly storage: Storage,
    private readonly policy: DataPolicy,
    private readonly conversationId: string | undefined,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Whether every write succeeded so far. */
  get ok(): boolean {
    return !this.failed;
  }

  private stored(messages: readonly Message[], state: OrchestratorState): Message[] {
    return applyDataPolicy(withHistoryRules(messages, state.toolMetadata), this.policy);
  }

  /** Saves the state after an iteration (or at the end, with the stop reason). */
  async checkpoint(state: OrchestratorState, added: readonly Message[], stopReason?: StopReason): Promise<void> {
    try {
      await this.storage.saveCheckpoint({
        version: RUN_CHECKPOINT_VERSION,
        runId: state.runId,
        agentPath: state.agentPath,
        ...(this.conversationId === undefined ? {} : { conversationId: this.conversationId }),
        iteration: state.iteration,
        toolCallCount: state.toolCallCount,
        messages: this.stored(added, state),
        custom: state.custom,
        ...(stopReason === undefined ? {} : { stopReason }),
        savedAt: Date.now(),
      });
    } catch (error) {
      this.failed = true;
      this.onError(error);
    }
  }

  /** Appends the run's messages to the conversation and records its usage. */
  async finish(state: OrchestratorState, newUserMessages: readonly Message[], added: readonly Message[], usage: readonly Usage[]): Promise<void> {
    try {
      if (this.conversationId !== undefined) {
        const messages = [...newUserMessages, ...this.stored(added, state)];
        if (messages.length > 0) await this.storage.appendMessages(this.conversationId, messages);
      }
      if (usage.length > 0) {
        await this.storage.recordUsage(
          usage.map((record) => ({
            ...record,
            runId: state.runId,
            ...(this.conversationId === undefined ? {} : { conversationId: this.conversationId }),
          })),
        );
      }
    } catch (error) {
      this.failed = true;
      this.onError(error);
    }
  }
}
