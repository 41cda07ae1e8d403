import {
  BatonError,
  ConfigurationError,
  ERROR_CODES,
  RunClaimLostError,
  isBatonError,
  type Message,
  type NewConversationMessage,
  type RunClaimRequest,
  type RunConversation,
  type RunState,
  type Storage,
  type Usage,
  type UsageRecord,
} from "@baton/core";
import { loadConversationHistory, toConversationMessages, type RunTurnDetails } from "@baton/core/storage-kit";
import type { AbortHub } from "../abort/abort-hub.js";
import { stateUnderHistoryRules, withHistoryRules } from "./history-rules.js";
import { RunNotResumableError } from "./run-not-resumable-error.js";

/** Who a run's persistence writes for, and how. */
export interface RunPersistenceOptions {
  /** The storage, already wrapped in the agent's data policy. */
  readonly storage: Storage;
  readonly runId: string;
  /** The claim this run holds (unique per run started or resumed, so two resumers never share one). */
  readonly owner: string;
  readonly leaseMs: number;
  /** The longest the run waits for a write before it goes on without it. */
  readonly waitMs: number;
  /** Reports a write that failed or is late (the run goes on; `ok` turns false). */
  readonly onError: (error: BatonError) => void;
  /** Called once when another process claimed the run: this one must stop. */
  readonly onClaimLost: (error: RunClaimLostError) => void;
}

/** A finished run's answer, as the run holds it: its conversation gets it as one stored message. */
export interface RunAnswer {
  /** The messages the run added (its turns and tool results). */
  readonly messages: readonly Message[];
  /** Tool metadata by call id: a call marked `includeInHistory: false` is stored as its summary. */
  readonly toolMetadata: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Who wrote it, the tokens of each turn and the progress of its tool calls. */
  readonly details: RunTurnDetails;
}

/** Who wrote a stored message of the run. */
export interface MessageEnvelope {
  readonly runId: string;
  readonly agentPath: string;
  readonly userId?: string;
}

/**
 * Writes one run through a {@link Storage}: claims it (so exactly one process runs
 * it), appends its input to the conversation before it starts, saves its state after
 * each model turn, each finished tool and each step (renewing the claim), records
 * each model call's usage as it happens, and at the end appends the run's turns,
 * progress and results as one message. Writes go one at a time, in order. Checkpoints
 * coalesce: while one waits to be written, a newer request joins it, and the state is
 * read when the write starts. Lease renewals are skipped while another write (which
 * renews the lease too) is waiting. A failed write is reported and the run goes on; a
 * write the run waits for holds it at most `waitMs`, and never past its abort.
 */
export class RunPersistence {
  private failed = false;
  private lost = false;
  private writes: Promise<void> = Promise.resolve();
  /** Writes queued or running. */
  private busy = 0;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  /** The checkpoint write that has not started yet (newer requests join it). */
  private queuedCheckpoint: Promise<void> | undefined;
  private latestState: (() => RunState) | undefined;
  /** Usage records waiting for their write, and that write. */
  private usageToWrite: UsageRecord[] = [];
  private usageWrite: Promise<void> | undefined;
  /** Starts the checkpoint write that waits a moment for others to join it. */
  private startWaiting: (() => void) | undefined;
  private lateReported = false;
  /** Whether a finished run's end failed for good with a retryable error (see {@link endUnwritten}). */
  private unwrittenEnd = false;

  constructor(private readonly options: RunPersistenceOptions) {}

  /** Whether every write succeeded (and in time) so far. */
  get ok(): boolean {
    return !this.failed;
  }

  private claim(leaseMs = this.options.leaseMs): RunClaimRequest {
    return { owner: this.options.owner, leaseMs };
  }

  /**
   * Claims a new run. When the id was claimed before by a process that left no
   * checkpoint (it died, or gave the run up, before its first one), the run starts
   * again, and {@link openConversation} does not append the input a second time.
   * @throws ConfigurationError when a stored run already uses the id.
   */
  async claimNew(): Promise<void> {
    const { storage, runId } = this.options;
    const claimed = await storage.claimRun(runId, this.claim());
    if (!claimed.claimed || claimed.checkpoint) {
      throw new ConfigurationError(`Run id "${runId}" is already used by a stored run; resume it with resume() or choose another id.`);
    }
    this.startedBefore = claimed.previousOwner !== undefined;
    this.startHeartbeat();
  }

  /** Whether an earlier process claimed this new run's id and left no checkpoint (it may have appended the input). */
  private startedBefore = false;

  /**
   * Appends a new run's input to its conversation and reads the conversation (or its
   * latest summary) back as the run's history. A run started again after its first
   * process died finds its input there already (messages of its run id): the history
   * is read through it instead of appending it twice.
   */
  async openConversation(
    conversationId: string,
    input: readonly Message[],
    envelope: MessageEnvelope,
  ): Promise<{ readonly messages: Message[]; readonly conversation: RunConversation }> {
    const { storage } = this.options;
    const appendedBefore = this.startedBefore ? await this.inputAppendedBefore(conversationId, envelope) : undefined;
    const throughSeq = appendedBefore ?? (await storage.appendMessages(conversationId, toConversationMessages(input, envelope))).version;
    const history = await loadConversationHistory(storage, conversationId, throughSeq);
    return { messages: history.messages, conversation: { id: conversationId, throughSeq: history.throughSeq } };
  }

  /** `seq` of the last message an earlier start of this run appended to the conversation (its input), if any. */
  private async inputAppendedBefore(conversationId: string, envelope: MessageEnvelope): Promise<number | undefined> {
    const stored = await this.options.storage.loadMessages(conversationId);
    let last: number | undefined;
    for (const message of stored) if (message.runId === envelope.runId && message.agentPath === envelope.agentPath) last = message.seq;
    return last;
  }

  /**
   * Claims a stored run to continue it and returns its latest state.
   * @throws RunNotResumableError when the run is unknown, finished or held by another live process.
   */
  async claimForResume(): Promise<RunState> {
    const { storage, runId } = this.options;
    const existing = await storage.loadCheckpoint(runId);
    if (!existing) throw new RunNotResumableError(runId, "no checkpoint of it is stored");
    const claimed = await storage.claimRun(runId, this.claim());
    if (!claimed.claimed) {
      if (claimed.reason === "finished") throw new RunNotResumableError(runId, "it has finished");
      throw new RunNotResumableError(runId, `process "${claimed.owner}" holds it until ${new Date(claimed.leaseUntil ?? 0).toISOString()}`, {
        owner: claimed.owner,
        leaseUntil: claimed.leaseUntil,
      });
    }
    this.startHeartbeat();
    return claimed.checkpoint ?? existing;
  }

  /** Reads the history of a state that keeps it in storage (upgraded from format 2). */
  async loadHistory(conversation: RunConversation): Promise<Message[]> {
    return (await loadConversationHistory(this.options.storage, conversation.id, conversation.throughSeq)).messages;
  }

  private startHeartbeat(): void {
    const every = Math.max(50, Math.floor(this.options.leaseMs / 3));
    this.heartbeat = setInterval(() => {
      // Any write renews the lease: while one waits, a renewal would only pile up behind it.
      if (this.busy > 0) return;
      void this.enqueue(async () => {
        const claimed = await this.options.storage.claimRun(this.options.runId, this.claim());
        if (!claimed.claimed && claimed.reason === "held") throw new RunClaimLostError(this.options.runId, this.options.owner, claimed.owner);
      });
    }, every);
    this.heartbeat.unref?.();
  }

  private enqueue(write: () => Promise<void>): Promise<void> {
    this.busy++;
    const next = this.writes.then(async () => {
      try {
        if (!this.lost) await write();
      } catch (error) {
        this.failed = true;
        if (RunClaimLostError.isInstance(error)) {
          this.lost = true;
          this.options.onClaimLost(error);
        } else {
          this.options.onError(
            isBatonError(error)
              ? error
              : new BatonError(ERROR_CODES.STORAGE_ERROR, `Storage write failed: ${error instanceof Error ? error.message : String(error)}`, {
                  cause: error,
                  retryable: true,
                }),
          );
        }
      } finally {
        this.busy--;
      }
    });
    this.writes = next;
    return next;
  }

  /**
   * Saves the run's state, as storage keeps it (results of tools marked not for history
   * replaced by their summaries). `state` is read when the write starts (so a burst of
   * requests writes once, with the latest state); the storage serializes it at once. A request
   * made `soon` (a finished tool call) starts a moment later, so the checkpoint at the
   * end of the step, asked for right after, joins it.
   */
  checkpoint(state: () => RunState, soon = false): Promise<void> {
    this.latestState = state;
    if (this.queuedCheckpoint) {
      // A request that cannot wait starts a waiting write at once.
      if (!soon) this.startWaiting?.();
      return this.queuedCheckpoint;
    }
    const write = this.enqueue(async () => {
      // A request that may wait lets the writes asked for right after it join it.
      if (soon)
        await new Promise<void>((resolve) => {
          const timer = setImmediate(resolve);
          this.startWaiting = () => {
            clearImmediate(timer);
            resolve();
          };
        });
      this.startWaiting = undefined;
      if (this.queuedCheckpoint === write) this.queuedCheckpoint = undefined;
      await this.options.storage.saveCheckpoint(stateUnderHistoryRules(this.latestState!()), this.claim());
    });
    this.queuedCheckpoint = write;
    return write;
  }

  /**
   * Waits for `write`, but at most `waitMs` and never past the run's abort. A late
   * write is reported once (the run goes on, and the result says it was not
   * persisted). Resolves with whether the write was done in time.
   */
  async bounded(write: Promise<void>, abort?: AbortHub, waitMs = this.options.waitMs): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe: (() => void) | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), waitMs);
      timer.unref?.();
      if (abort) unsubscribe = abort.subscribe(() => resolve("late"));
    });
    try {
      const outcome = await Promise.race([write, late]);
      if (outcome !== "late") return true;
      this.failed = true;
      if (!abort?.aborted && !this.lateReported) {
        this.lateReported = true;
        this.options.onError(
          new BatonError(ERROR_CODES.STORAGE_ERROR, `A storage write took longer than ${waitMs} ms; the run goes on without waiting for it.`, {
            retryable: true,
          }),
        );
      }
      return false;
    } finally {
      clearTimeout(timer);
      unsubscribe?.();
    }
  }

  /** Saves a summary of the stored conversation the run read: the next run reads it instead of the messages it covers. */
  saveSummary(text: string, conversation: RunConversation): Promise<void> {
    return this.enqueue(() => this.options.storage.saveSummary(conversation.id, { text, throughSeq: conversation.throughSeq }));
  }

  /**
   * Records one model call's usage (sub-agents' included) as it happens. Records that
   * come while a write waits are written together, in one call.
   */
  recordUsage(usage: Usage, conversation: RunConversation | undefined, userId: string | undefined): Promise<void> {
    const record: UsageRecord = {
      ...usage,
      runId: this.options.runId,
      ...(conversation === undefined ? {} : { conversationId: conversation.id }),
      ...(userId === undefined ? {} : { userId }),
      recordedAt: Date.now(),
    };
    this.usageToWrite.push(record);
    if (this.usageWrite) return this.usageWrite;
    const write = this.enqueue(async () => {
      this.usageWrite = undefined;
      const records = this.usageToWrite;
      this.usageToWrite = [];
      await this.options.storage.recordUsage(records);
    });
    this.usageWrite = write;
    return write;
  }

  /**
   * Ends a finished run: appends its answer to the conversation (once, even when a
   * resumed run finishes twice), then saves the final state, which marks the run
   * finished. Resolves when both are written. Both are retried through a short
   * outage (see {@link retried}). The final state is saved only once the answer is
   * stored: a run whose answer could not be stored stays resumable from its last
   * checkpoint instead of being marked finished without it.
   */
  finish(state: RunState, answer: RunAnswer | undefined, resumed: boolean): Promise<void> {
    this.dispose();
    const deadline = Date.now() + this.options.waitMs;
    const conversation = state.conversation;
    const stored = conversation && answer ? answerMessages(answer) : [];
    let answerStored = true;
    if (conversation && stored.length > 0) {
      answerStored = false;
      void this.enqueue(() =>
        this.endWrite(async () => {
          // Only a resumed run, or a retry, can find its answer there already: the process before it may
          // have died right after appending it, or an append that timed out may have been done.
          let mayBeStored = resumed;
          await this.retried(async () => {
            if (mayBeStored && (await this.holdsAnswer(conversation))) return;
            mayBeStored = true;
            await this.options.storage.appendMessages(conversation.id, stored);
          }, deadline);
          answerStored = true;
        }),
      );
    }
    const last = stateUnderHistoryRules(state);
    return this.enqueue(async () => {
      if (answerStored) await this.endWrite(() => this.retried(() => this.options.storage.saveCheckpoint(last, this.claim()), deadline));
    });
  }

  /**
   * True once a finished run's end (its answer or its final state) failed for good with
   * a retryable error (storage unreachable past the run's storage wait): the stored run
   * is not marked finished, and `resume()` continues it from its last checkpoint.
   */
  get endUnwritten(): boolean {
    return this.unwrittenEnd;
  }

  /** Does one write of a finished run's end, noting a retryable failure ({@link endUnwritten}) before it is reported. */
  private async endWrite(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (isPassingOutage(error)) this.unwrittenEnd = true;
      throw error;
    }
  }

  /** Whether the conversation holds this run's answer (an assistant message of its run id after what the run read). */
  private async holdsAnswer(conversation: RunConversation): Promise<boolean> {
    const stored = await this.options.storage.loadMessages(conversation.id, { afterSeq: conversation.throughSeq });
    return stored.some((message) => message.runId === this.options.runId && message.role === "assistant");
  }

  /** Saves the state of a run that paused, and gives its claim up at once so any process may resume it. Retried like {@link finish}'s writes. */
  pause(state: RunState): Promise<void> {
    this.dispose();
    const deadline = Date.now() + this.options.waitMs;
    const last = stateUnderHistoryRules(state);
    return this.enqueue(() => this.retried(() => this.options.storage.saveCheckpoint(last, this.claim(0)), deadline));
  }

  /**
   * Does one of the run's last writes, trying again after a retryable failure (storage
   * unreachable for a moment: a restart, a failover) 100 ms later, then 200, 400… at
   * most 1 s apart, until `deadline` (the run's storage wait after its end began).
   * Nothing after the run's last writes would repair them, unlike a checkpoint, which the
   * next one replaces. Any other failure, or one at the deadline, is reported as usual.
   */
  private async retried(write: () => Promise<void>, deadline: number): Promise<void> {
    for (let retry = 0; ; retry++) {
      try {
        return await write();
      } catch (error) {
        const wait = Math.min(100 * 2 ** retry, 1_000);
        if (!isPassingOutage(error) || Date.now() + wait > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** Stops renewing the claim. */
  dispose(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

/** Whether a failed write may succeed when tried again: a retryable Baton error (storage unreachable, say), not a lost claim. */
function isPassingOutage(error: unknown): boolean {
  return isBatonError(error) && error.retryable === true && !RunClaimLostError.isInstance(error);
}

/** A run's answer as its conversation stores it: one message of its turns, progress and results (history rules applied). */
function answerMessages(answer: RunAnswer): NewConversationMessage[] {
  return toConversationMessages(withHistoryRules(answer.messages, answer.toolMetadata), answer.details);
}
