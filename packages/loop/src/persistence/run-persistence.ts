import {
  BatonError,
  ConfigurationError,
  ERROR_CODES,
  RUN_CHECKPOINT_VERSION,
  RunClaimLostError,
  loadConversationHistory,
  toConversationMessages,
  type Message,
  type OrchestratorState,
  type PendingToolBatch,
  type RunCheckpoint,
  type RunClaimRequest,
  type RunHistory,
  type StopReason,
  type Storage,
  type StoredProgressPart,
  type Usage,
  type UsageRecord,
} from "@baton/core";
import { withHistoryRules } from "./history-rules.js";

/** Who a run's persistence writes for, and how. */
export interface RunPersistenceOptions {
  /** The storage, already wrapped in the agent's data policy. */
  readonly storage: Storage;
  readonly runId: string;
  readonly agentPath: string;
  readonly model: string;
  readonly conversationId: string | undefined;
  readonly userId: string | undefined;
  /** The claim this process holds on the run. */
  readonly owner: string;
  readonly leaseMs: number;
  /** Reports a write that failed (the run goes on; `ok` turns false). */
  readonly onError: (error: unknown) => void;
  /** Called once when another process claimed the run: this one must stop. */
  readonly onClaimLost: (error: RunClaimLostError) => void;
}

/** What a run's state holds besides {@link OrchestratorState} that a checkpoint keeps. */
export interface RunProgressSnapshot {
  readonly added: readonly Message[];
  readonly usage: readonly Usage[];
  readonly turnIterations: readonly number[];
  readonly progress: readonly StoredProgressPart[];
  readonly pending?: PendingToolBatch;
}

/** Raised when a run cannot be resumed: unknown, finished, or held by another process. */
export class RunNotResumableError extends BatonError {
  constructor(readonly runId: string, reason: string) {
    super(ERROR_CODES.RUN_NOT_RESUMABLE, `Run "${runId}" cannot be resumed: ${reason}.`, { details: { runId, reason } });
  }
}

/**
 * Writes one run through a {@link Storage}: claims it (so exactly one process runs
 * it), appends its input to the conversation before it starts, checkpoints it after
 * each model turn, each finished tool and each iteration (renewing the claim),
 * records each model call's usage as it happens, and at the end appends the run's
 * turns, progress and results as one message. Writes are serialised, so checkpoints
 * land in order. A failed write is reported and the run goes on.
 */
export class RunPersistence {
  private failed = false;
  private lost = false;
  private writes: Promise<void> = Promise.resolve();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private history: RunHistory = { messages: [] };
  private conversationId: string | undefined;
  /** Whether this run continues a stored one (an earlier process may have appended its answer already). */
  private resumed = false;
  private userId: string | undefined;

  constructor(private readonly options: RunPersistenceOptions) {
    this.conversationId = options.conversationId;
    this.userId = options.userId;
  }

  /** Whether every write succeeded so far. */
  get ok(): boolean {
    return !this.failed;
  }

  private get claim(): RunClaimRequest {
    return { owner: this.options.owner, leaseMs: this.options.leaseMs };
  }

  /**
   * Claims a new run, appends its input to the conversation, loads the conversation
   * and saves the first checkpoint. Returns the messages the run starts from.
   * @throws when the run id is taken or the conversation cannot be read (corrupt data).
   */
  async begin(system: readonly Message[], input: readonly Message[]): Promise<Message[]> {
    const { storage, runId } = this.options;
    const conversationId = this.conversationId;
    const claimed = await storage.claimRun(runId, this.claim);
    if (!claimed.claimed || claimed.checkpoint) {
      throw new ConfigurationError(`Run id "${runId}" is already used by a stored run; resume it with resume() or choose another id.`);
    }
    let messages: Message[];
    if (conversationId === undefined) {
      this.history = { messages: input };
      messages = [...system, ...input];
    } else {
      const appended = await storage.appendMessages(conversationId, toConversationMessages(input, this.envelope()));
      const history = await loadConversationHistory(storage, conversationId, appended.version);
      this.history = { conversationId, throughSeq: history.throughSeq };
      messages = [...system, ...history.messages];
    }
    this.startHeartbeat();
    return messages;
  }

  /**
   * Claims a stored run to resume it and loads what it started from.
   * @throws RunNotResumableError when the run is unknown, finished or held by another live process.
   */
  async resume(system: readonly Message[]): Promise<{ readonly checkpoint: RunCheckpoint; readonly messages: Message[] }> {
    const { storage, runId } = this.options;
    const existing = await storage.loadCheckpoint(runId, this.options.agentPath);
    if (!existing) throw new RunNotResumableError(runId, "no checkpoint of it is stored");
    const claimed = await storage.claimRun(runId, this.claim);
    if (!claimed.claimed) {
      throw new RunNotResumableError(runId, claimed.reason === "finished" ? "it has finished" : `process "${claimed.owner}" holds it until ${new Date(claimed.leaseUntil ?? 0).toISOString()}`);
    }
    const checkpoint = claimed.checkpoint ?? existing;
    this.history = checkpoint.history;
    this.resumed = true;
    // The resumed run writes where the original did.
    this.conversationId = checkpoint.conversationId;
    this.userId = checkpoint.userId;
    const history =
      "messages" in checkpoint.history
        ? [...checkpoint.history.messages]
        : (await loadConversationHistory(storage, checkpoint.history.conversationId, checkpoint.history.throughSeq)).messages;
    this.startHeartbeat();
    return { checkpoint, messages: [...system, ...history] };
  }

  private envelope() {
    const { runId, agentPath } = this.options;
    const userId = this.userId;
    return { runId, agentPath, ...(userId === undefined ? {} : { userId }) };
  }

  private startHeartbeat(): void {
    const every = Math.max(50, Math.floor(this.options.leaseMs / 3));
    this.heartbeat = setInterval(() => {
      this.enqueue(async () => {
        const claimed = await this.options.storage.claimRun(this.options.runId, this.claim);
        if (!claimed.claimed && claimed.reason === "held") throw new RunClaimLostError(this.options.runId, this.options.owner, claimed.owner);
      });
    }, every);
    this.heartbeat.unref?.();
  }

  private enqueue(write: () => Promise<void>): Promise<void> {
    const next = this.writes.then(async () => {
      if (this.lost) return;
      try {
        await write();
      } catch (error) {
        this.failed = true;
        if (error instanceof RunClaimLostError) {
          this.lost = true;
          this.options.onClaimLost(error);
        } else {
          this.options.onError(error);
        }
      }
    });
    this.writes = next;
    return next;
  }

  private checkpointOf(state: OrchestratorState, snapshot: RunProgressSnapshot, stopReason?: StopReason): RunCheckpoint {
    const { runId, agentPath, model } = this.options;
    const { conversationId, userId } = this;
    const pending = snapshot.pending && { ...snapshot.pending, results: withHistoryResults(snapshot.pending.results, state) };
    return {
      version: RUN_CHECKPOINT_VERSION,
      runId,
      agentPath,
      ...(conversationId === undefined ? {} : { conversationId }),
      ...(userId === undefined ? {} : { userId }),
      model,
      history: this.history,
      iteration: state.iteration,
      toolCallCount: state.toolCallCount,
      messages: withHistoryRules(snapshot.added, state.toolMetadata),
      ...(pending ? { pending } : {}),
      progress: [...snapshot.progress],
      loop: {
        hasToolCalls: state.hasToolCalls,
        finalAnswerRequested: state.finalAnswerRequested,
        subAgentToolCalls: state.subAgentToolCalls,
        toolMetadata: structuredClone(state.toolMetadata),
        turnIterations: [...snapshot.turnIterations],
      },
      usage: [...snapshot.usage],
      custom: structuredClone(state.custom),
      ...(stopReason === undefined ? {} : { stopReason }),
      savedAt: Date.now(),
    };
  }

  /** Saves a checkpoint (after a model turn, a finished tool, or an iteration). */
  checkpoint(state: OrchestratorState, snapshot: RunProgressSnapshot): Promise<void> {
    const checkpoint = this.checkpointOf(state, snapshot);
    return this.enqueue(() => this.options.storage.saveCheckpoint(checkpoint, this.claim));
  }

  /**
   * Saves a summary the context engine made of the conversation the run read (only
   * for a run on a stored conversation): the next run reads it instead of the
   * messages it covers.
   */
  saveSummary(text: string): Promise<void> {
    const conversationId = this.conversationId;
    const history = this.history;
    if (conversationId === undefined || !("throughSeq" in history)) return Promise.resolve();
    return this.enqueue(() => this.options.storage.saveSummary(conversationId, { text, throughSeq: history.throughSeq }));
  }

  /** Records one model call's usage (sub-agents' included) as it happens. */
  recordUsage(usage: Usage): Promise<void> {
    const { runId } = this.options;
    const { conversationId, userId } = this;
    const record: UsageRecord = { ...usage, runId, ...(conversationId === undefined ? {} : { conversationId }), ...(userId === undefined ? {} : { userId }), recordedAt: Date.now() };
    return this.enqueue(() => this.options.storage.recordUsage([record]));
  }

  /**
   * Ends the run: appends its turns, progress and results to the conversation as one
   * message (once, even when a resumed run finishes twice), then saves the final
   * checkpoint, which marks the run finished.
   */
  async finish(state: OrchestratorState, snapshot: RunProgressSnapshot, stopReason: StopReason): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    const { storage, runId } = this.options;
    const { conversationId, history } = this;
    if (conversationId !== undefined && snapshot.added.length > 0) {
      const turnTokens = snapshot.turnIterations.map((iteration) => {
        const usage = snapshot.usage.find((record) => record.agentPath === this.options.agentPath && record.iteration === iteration);
        return usage && { output: usage.outputTokens, reasoning: usage.reasoningTokens, iteration };
      });
      const answer = toConversationMessages(withHistoryRules(snapshot.added, state.toolMetadata), { ...this.envelope(), turnTokens, progress: snapshot.progress });
      await this.enqueue(async () => {
        // Only a resumed run can find its answer there already: the process before it may have died right after appending it.
        if (this.resumed) {
          const after = "throughSeq" in history ? history.throughSeq : 0;
          const stored = await storage.loadMessages(conversationId, { afterSeq: after });
          if (stored.some((message) => message.runId === runId && message.role === "assistant")) return;
        }
        await storage.appendMessages(conversationId, answer);
      });
    }
    const checkpoint = this.checkpointOf(state, snapshot, stopReason);
    await this.enqueue(() => storage.saveCheckpoint(checkpoint, this.claim));
  }

  /** Stops renewing the claim (the run ended without `finish`). */
  dispose(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
  }
}

/** Pending results as history keeps them (a tool's summary when its result is not for history). */
function withHistoryResults(results: PendingToolBatch["results"], state: OrchestratorState): PendingToolBatch["results"] {
  const [message] = withHistoryRules([{ role: "tool", content: results }], state.toolMetadata);
  return message && message.role === "tool" ? message.content : results;
}

