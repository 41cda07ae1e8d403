import {
  type CheckpointWithJournalWrite,
  type InterruptDecision,
  BatonError,
  ConfigurationError,
  ERROR_CODES,
  RunClaimLostError,
  isBatonError,
  type Message,
  type NewConversationMessage,
  type RunClaim,
  type RunConversation,
  type RunFence,
  type RunState,
  type Storage,
  type Usage,
  type UsageRecord,
} from "@baton/core";
import { checkpointWithJournalOf, loadConversationHistory, toConversationMessages, type RunTurnDetails } from "@baton/core/storage-kit";
import type { AbortHub } from "../abort/abort-hub.js";
import { stateUnderHistoryRules, withHistoryRules } from "./history-rules.js";
import { RunNotResumableError } from "./run-not-resumable-error.js";
import { isPassingOutage, StorageHealth } from "./storage-health.js";
import { StorageUnavailableError } from "./storage-unavailable-error.js";
import { ToolJournal } from "./tool-journal.js";
import { sleep } from "./sleep.js";

/** The claim a run took, as `onClaim` reports it. */
export interface TakenClaim {
  readonly runId: string;
  readonly owner: string;
  /** The claim's fencing token: every write of the run carries it. */
  readonly token: number;
}

/** Who a run's persistence writes for, and how. */
export interface RunPersistenceOptions {
  /** The storage, already wrapped in the agent's data policy. */
  readonly storage: Storage;
  readonly runId: string;
  /** The claim this run holds (unique per run started or resumed, so two resumers never share one). */
  readonly owner: string;
  readonly leaseMs: number;
  /** The longest the run waits for storage in one outage, whatever the number of writes. */
  readonly waitMs: number;
  /** Reports a write that failed or is late (the run goes on; `ok` turns false). */
  readonly onError: (error: BatonError) => void;
  /** Called once when another process claimed the run: this one must stop. */
  readonly onClaimLost: (error: RunClaimLostError) => void;
  /** Called once when storage stayed away past the wait, or the claim could not be renewed in time: this attempt must end. */
  readonly onUnavailable: (error: StorageUnavailableError) => void;
  /** Told each time the run takes its claim (start, resume), before anything of the attempt is written. */
  readonly onClaim?: ((claim: TakenClaim) => void) | undefined;
}

/** What {@link RunPersistence.bounded} resolves with once the run is unavailable: nothing is waited for. */
const NOT_IN_TIME: Promise<boolean> = Promise.resolve(false);

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
 * it, with a fencing token every write carries), appends its input to the
 * conversation before it starts, saves its state after each model turn, each
 * finished tool and each step (renewing the claim), records each model call's usage
 * as it happens, and at the end appends the run's turns, progress and results as one
 * message. Writes go one at a time, in order; the entries of the tool-call journal
 * (`ToolJournal`) that ride with a checkpoint are written in its slot, before it. Checkpoints coalesce: while one waits to be
 * written, a newer request joins it, and the state is read when the write starts.
 * Lease renewals are skipped while another write (which renews the lease too) is
 * waiting. A failed write is reported and the run goes on, within one outage clock
 * for the whole run ({@link StorageHealth}): past it, the run is unavailable and its
 * attempt ends. A write the run waits for holds it at most until that clock's
 * deadline, and never past its abort.
 */
export class RunPersistence {
  private failed = false;
  private lost = false;
  private writes: Promise<void> = Promise.resolve();
  /** Writes queued or running. */
  private busy = 0;
  /** When the write at the head of the queue started (undefined when none runs). */
  private headStartedAt: number | undefined;
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
  /** The claim's fencing token (0 until the run is claimed). */
  private tokenValue = 0;
  /** The run's claim as its data writes carry it (made again when the token changes). */
  private fenceValue: RunFence | undefined;
  /** How the run's storage and claim stand. */
  readonly health: StorageHealth;
  /** The run's tool-call journal. */
  readonly journal: ToolJournal;
  /** The storage's one-call write of a checkpoint and its riding journal entries, when it offers one. */
  private readonly checkpointWithJournal: CheckpointWithJournalWrite | undefined;

  constructor(private readonly options: RunPersistenceOptions) {
    this.checkpointWithJournal = checkpointWithJournalOf(options.storage);
    // Twice per margin the run keeps before its lease ends (see StorageHealth): a late or out-of-phase check still lands in it.
    const every = Math.max(50, Math.floor(Math.min(options.leaseMs / 6, options.waitMs / 10)));
    this.journal = new ToolJournal(this, options.runId);
    this.health = new StorageHealth(options.runId, options.waitMs, options.leaseMs, every, (error) => {
      this.failed = true;
      this.journal.stop(error);
      this.dispose();
      options.onUnavailable(error);
    });
  }

  /** Whether every write succeeded (and in time) so far. */
  get ok(): boolean {
    return !this.failed;
  }

  /** The storage the run writes through (its data policy applied). */
  get storage(): Storage {
    return this.options.storage;
  }

  /** The run's claim as its data writes carry it. */
  get fence(): RunFence {
    if (this.fenceValue?.token !== this.tokenValue) this.fenceValue = { runId: this.options.runId, owner: this.options.owner, token: this.tokenValue };
    return this.fenceValue;
  }

  /** Whether the run lost its claim to another process (its writes are refused). */
  get claimLost(): boolean {
    return this.lost;
  }

  private claim(leaseMs = this.options.leaseMs): RunClaim {
    return { owner: this.options.owner, token: this.tokenValue, leaseMs };
  }

  /** Takes note of a claim the storage granted. */
  private claimed(token: number, startedAt: number): void {
    this.tokenValue = token;
    this.health.succeeded(startedAt, true);
    this.options.onClaim?.({ runId: this.options.runId, owner: this.options.owner, token });
  }

  /**
   * Claims a new run. When the id was claimed before by a process that left no
   * checkpoint (it died, or gave the run up, before its first one), the run starts
   * again, and {@link openConversation} does not append the input a second time; the
   * calls that process journaled are read.
   * @throws ConfigurationError when a stored run already uses the id.
   */
  async claimNew(): Promise<void> {
    const { storage, runId } = this.options;
    const startedAt = Date.now();
    // Claimed again after a lost reply, the run is this owner's already: the same token, and no previous owner,
    // though the lost claim may have taken the run over from one. A claim tried again so counts as a takeover.
    let triedAgain = false;
    // Until the claim answers, a checkpoint may be stored: a write of an earlier attempt at this id may land before the claim does.
    this.checkpointStored = true;
    const claimed = await this.startStep((again) => {
      triedAgain ||= again;
      return storage.claimRun(runId, this.claim());
    });
    if (!claimed.claimed || claimed.checkpoint) {
      throw new ConfigurationError(`Run id "${runId}" is already used by a stored run; resume it with resume() or choose another id.`);
    }
    // Claimed, with no checkpoint: none can land now (an earlier attempt's writes are fenced off by this claim).
    this.checkpointStored = false;
    this.startedBefore = claimed.previousOwner !== undefined || triedAgain;
    this.claimed(claimed.token, startedAt);
    if (this.startedBefore) this.journal.remember(await this.startStep(() => storage.loadToolJournal(runId)));
    this.startHeartbeat();
  }

  /** Whether an earlier process claimed this new run's id and left no checkpoint (it may have appended the input). */
  private startedBefore = false;

  /** Set by {@link claimForResume} for a run whose end is stored already (it ended aborted): it is not claimed. */
  endedBefore = false;

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
    const throughSeq = await this.startStep(async (again) => {
      // Tried again, the append before may have been done (its reply lost): it is looked for first, as after a restart.
      const appendedBefore = this.startedBefore || again ? await this.inputAppendedBefore(conversationId, envelope) : undefined;
      return appendedBefore ?? (await storage.appendMessages(conversationId, toConversationMessages(input, envelope), { fence: this.fence })).version;
    });
    const history = await this.startStep(() => loadConversationHistory(storage, conversationId, throughSeq));
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
   * Claims a stored run to continue it and returns its latest state, and reads its
   * journal (what its calls did before). A run that ended aborted is not claimed: its
   * final state is returned ({@link endedBefore} says so), and nothing of it runs.
   * @throws RunNotResumableError when the run is unknown, finished (otherwise than
   *   aborted) or held by another live process.
   */
  async claimForResume(): Promise<RunState> {
    const { storage, runId } = this.options;
    // The run is asked to go on from its checkpoint: should storage stay away meanwhile, it still can.
    this.checkpointStored = true;
    const existing = await this.startStep(() => storage.loadCheckpoint(runId));
    if (!existing) throw new RunNotResumableError(runId, "no checkpoint of it is stored");
    const startedAt = Date.now();
    const claimed = await this.startStep(() => storage.claimRun(runId, this.claim()));
    if (!claimed.claimed) {
      if (claimed.reason === "finished") {
        const final = await this.startStep(() => storage.loadCheckpoint(runId));
        // An aborted run stays aborted: resuming it gives that outcome again.
        if (final?.stopReason === "aborted") {
          this.endedBefore = true;
          return final;
        }
        throw new RunNotResumableError(runId, "it has finished");
      }
      throw new RunNotResumableError(runId, `process "${claimed.owner}" holds it until ${new Date(claimed.leaseUntil ?? 0).toISOString()}`, {
        owner: claimed.owner,
        leaseUntil: claimed.leaseUntil,
      });
    }
    this.claimed(claimed.token, startedAt);
    this.journal.remember(await this.startStep(() => storage.loadToolJournal(runId)));
    this.startHeartbeat();
    return claimed.checkpoint ?? existing;
  }

  /** Reads the history of a state that keeps it in storage (upgraded from format 2). */
  async loadHistory(conversation: RunConversation): Promise<Message[]> {
    return (await this.startStep(() => loadConversationHistory(this.options.storage, conversation.id, conversation.throughSeq))).messages;
  }

  /**
   * Whether the stored run has, or may have, a checkpoint `resume()` can continue from:
   * a resumed run's, or one this attempt wrote (or was writing: a write whose reply
   * was lost may have landed), or, while a new run's claim has not answered, one an
   * earlier attempt at the id was writing. A new run whose attempt ended after its
   * claim and before its first checkpoint has none: it is started again with `run()`
   * and the same id.
   */
  checkpointStored = false;
  /**
   * Decisions given to `resume()` on calls in doubt that the stored state does not hold
   * as waiting, because the checkpoint of its pause was never stored: each settles its
   * call once the journal finds that call in doubt again (see `settleCallsFromJournal`).
   */
  laterDecisions: Record<string, InterruptDecision> | undefined;

  /**
   * Does one storage step of the run's start (a claim, a read, the input's append),
   * trying it again after a passing outage (100 ms later, then 200, 400… at most 1 s
   * apart) under the run's one outage clock: once storage has been away past the
   * storage wait, the run is unavailable and the step throws why (a
   * `StorageUnavailableError`: the attempt ends, and nothing more is written). A step
   * that hangs (a partition: no answer, no failure) is given up at the same wait.
   * `step` is told whether it is being tried again: an append whose reply was lost may
   * have been done. Any other failure is thrown at once.
   */
  private async startStep<T>(step: (again: boolean) => Promise<T>): Promise<T> {
    const firstTry = Date.now();
    for (let retry = 0; ; retry++) {
      const startedAt = Date.now();
      try {
        const value = await this.withinStorageWait(step(retry > 0), firstTry, retry === 0);
        this.health.succeeded(startedAt, false);
        return value;
      } catch (error) {
        if (!isPassingOutage(error)) throw error;
        this.health.failed(startedAt, error);
        // A step that keeps failing while other writes (the claim's renewals) get through gives up at the wait too.
        this.health.pending(firstTry, Date.now(), error);
        if (this.health.unavailable !== undefined) throw this.health.unavailable;
        const deadline = Math.min(this.health.deadlineFor(startedAt), firstTry + this.options.waitMs);
        await sleep(Math.min(100 * 2 ** retry, 1_000, Math.max(10, deadline - Date.now())));
        if (this.health.unavailable !== undefined) throw this.health.unavailable;
      }
    }
  }

  /**
   * Waits for a start step's storage call, at most until the storage wait that began at
   * `firstTry` ends, or the run is unavailable meanwhile: then it rejects with why (the
   * `StorageUnavailableError`), and the call, should it ever answer, is not waited for.
   * A step's first try (`firstOfStep`, whose wait begins now) is timed by the run's one
   * start timer, restarted for it ({@link startTimer}); a step tried again has a timer of its own.
   */
  private withinStorageWait<T>(pending: Promise<T>, firstTry: number, firstOfStep: boolean): Promise<T> {
    const { health } = this;
    const until = firstTry + this.options.waitMs;
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stopWaiting = (): void => {
        clearTimeout(timer);
        health.unwatch(giveUp);
        if (this.startStepGiveUp !== giveUp) return;
        this.startStepGiveUp = undefined;
        // Nothing waits: the start timer no longer keeps the process alive.
        this.startTimer?.unref();
      };
      const giveUp = (): void => {
        stopWaiting();
        // The call hangs: the run's storage is unavailable once the wait is over.
        const waitedMs = Math.max(Date.now(), until) - firstTry;
        health.pending(firstTry, firstTry + waitedMs);
        reject(health.unavailable ?? new StorageUnavailableError(this.options.runId, "storage", waitedMs));
      };
      if (firstOfStep) {
        this.startStepGiveUp = giveUp;
        // One timer for the steps of the run's start, restarted (and kept from ending the process) while one waits.
        if (this.startTimer === undefined) this.startTimer = setTimeout(this.startStepTimedOut, this.options.waitMs);
        else this.startTimer.ref().refresh();
      } else {
        timer = setTimeout(giveUp, Math.max(0, until - Date.now()));
      }
      health.watch(giveUp);
      pending.then(
        (value) => {
          stopWaiting();
          resolve(value);
        },
        (error: unknown) => {
          stopWaiting();
          reject(error);
        },
      );
    });
  }

  /**
   * Times the first try of each start step (a claim, a read, the input's append): made
   * by the first, restarted by the next ones (no timer made and cleared per step),
   * cleared when the run's persistence is disposed.
   */
  private startTimer: ReturnType<typeof setTimeout> | undefined;
  /** Gives up the start step whose first try the {@link startTimer} times, while it waits. */
  private startStepGiveUp: (() => void) | undefined;
  /** The {@link startTimer} ran out: the step it timed, if it still waits, is given up. */
  private readonly startStepTimedOut = (): void => {
    this.startStepGiveUp?.();
  };

  private startHeartbeat(): void {
    const every = this.health.checkEveryMs;
    const renewEvery = Math.max(50, Math.floor(this.options.leaseMs / 3));
    let lastRenewal = Date.now();
    this.heartbeat = setInterval(() => {
      const now = Date.now();
      const due = now - lastRenewal >= renewEvery - every / 2;
      if (this.keepingEnd) {
        // A kept end waits for storage as long as it takes: the claim is renewed beside it, whatever waits.
        if (due) {
          lastRenewal = now;
          void this.renewBeside();
        }
        return;
      }
      // Past its lease (no renewal got through), the run must stop before another process may take it over.
      if (!this.health.claimHolds(now)) return;
      if (this.headStartedAt !== undefined) this.health.pending(this.headStartedAt, now);
      const journalSince = this.journal.oldestPendingSince;
      if (journalSince !== undefined) this.health.pending(journalSince, now);
      // Any write renews the lease: while one waits, a renewal would only pile up behind it.
      if (!due || this.busy > 0) return;
      lastRenewal = now;
      void this.enqueue(() => this.renew(), true);
    }, every);
    this.heartbeat.unref?.();
  }

  /** Renews the claim: refused (the claim is lost) when another process holds the run, or took it and gave it up since. */
  private async renew(): Promise<void> {
    const claimed = await this.options.storage.claimRun(this.options.runId, { owner: this.options.owner, leaseMs: this.options.leaseMs });
    if (!claimed.claimed) {
      if (claimed.reason === "held") throw new RunClaimLostError(this.options.runId, this.options.owner, claimed.owner);
    } else if (claimed.token !== this.tokenValue) {
      // Another process took the run and gave it up since: what this run writes now is refused.
      throw new RunClaimLostError(this.options.runId, this.options.owner, undefined);
    }
  }

  /** Renews the claim outside the queue of writes (while a kept end waits in it); a failure waits for the next beat. */
  private async renewBeside(): Promise<void> {
    try {
      await this.renew();
    } catch (error) {
      if (RunClaimLostError.isInstance(error)) this.reportFailure(error);
    }
  }

  /** Whether a kept end (an aborted run's) is being written: the claim is renewed until it lands. */
  private keepingEnd = false;

  /**
   * Queues a write after the others. Once the claim is lost, or the run's storage is
   * unavailable (its attempt ends), queued writes are skipped, unless `evenIfUnavailable`
   * (a kept end, which waits for storage as long as it takes).
   */
  private enqueue(write: () => Promise<void>, renewsClaim = false, evenIfUnavailable = false): Promise<void> {
    this.busy++;
    const next = this.writes.then(async () => {
      const startedAt = Date.now();
      this.headStartedAt = startedAt;
      try {
        if (!this.lost && (evenIfUnavailable || this.health.unavailable === undefined)) {
          await write();
          this.health.succeeded(startedAt, renewsClaim);
        }
      } catch (error) {
        this.failed = true;
        this.health.failed(startedAt, error);
        this.reportFailure(error);
      } finally {
        this.headStartedAt = undefined;
        this.busy--;
      }
    });
    this.writes = next;
    return next;
  }

  /** Reports a write that failed: a lost claim stops the run; anything else is an `error` event (the run goes on). */
  reportFailure(error: unknown): void {
    this.failed = true;
    if (RunClaimLostError.isInstance(error)) {
      if (this.lost) return;
      this.lost = true;
      this.journal.stop(error);
      this.dispose();
      this.options.onClaimLost(error);
      return;
    }
    this.options.onError(
      isBatonError(error)
        ? error
        : new BatonError(ERROR_CODES.STORAGE_ERROR, `Storage write failed: ${error instanceof Error ? error.message : String(error)}`, {
            cause: error,
            retryable: true,
          }),
    );
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
      this.checkpointStored = true;
      // The journal's entries riding with it are written first: a checkpoint never says more than the journal.
      const ride = this.journal.takeRide();
      if (ride !== undefined && this.checkpointWithJournal !== undefined) {
        // Both in one storage call, all or none; a failure is the checkpoint's (reported by the queue) and the ride's (tried again).
        ride.startedAt = Date.now();
        try {
          await this.checkpointWithJournal(stateUnderHistoryRules(this.latestState!()), this.claim(), ride.entries);
        } catch (error) {
          this.journal.carried(ride, error ?? new Error("The checkpoint's write failed without a reason."), true);
          throw error;
        }
        this.journal.carried(ride, undefined);
        return;
      }
      if (ride !== undefined) {
        // Awaited here, not in a function of the journal's: one promise fewer per ride.
        ride.startedAt = Date.now();
        let failure: unknown;
        try {
          await this.options.storage.writeToolJournal(ride.entries, this.fence);
        } catch (error) {
          failure = error ?? new Error("The tool-call journal's write failed without a reason.");
        }
        this.journal.carried(ride, failure);
      }
      await this.options.storage.saveCheckpoint(stateUnderHistoryRules(this.latestState!()), this.claim());
    }, true);
    this.queuedCheckpoint = write;
    return write;
  }

  /**
   * Waits for `write`, but at most until the storage wait ends (`waitMs` after the
   * wait began, or after the outage in progress began, whichever is first: one clock
   * for the run, not one per write) and never past the run's abort. A late write is
   * reported once (the run goes on, and the result says it was not persisted).
   * Resolves with whether the write was done in time. Once the run is unavailable it
   * does not wait at all.
   */
  bounded(write: Promise<void>, abort?: AbortHub, waitMs = this.options.waitMs): Promise<boolean> {
    if (this.health.unavailable !== undefined) return NOT_IN_TIME;
    const startedAt = Date.now();
    const until = Math.min(startedAt + waitMs, this.health.deadlineFor(startedAt));
    // Once per checkpoint a batch waits for: one promise and as few closures as the wait's three ways to end early need.
    return new Promise<boolean>((resolve, reject) => {
      let waiting = true;
      let unsubscribe: (() => void) | undefined;
      /** Ends the wait (its timer, its listeners); false when it had ended already. */
      const stopWaiting = (): boolean => {
        if (!waiting) return false;
        waiting = false;
        clearTimeout(timer);
        unsubscribe?.();
        this.health.unwatch(giveUp);
        return true;
      };
      const giveUp = (): void => {
        if (!stopWaiting()) return;
        this.late(startedAt, abort);
        resolve(false);
      };
      const timer = setTimeout(giveUp, Math.max(0, until - startedAt));
      timer.unref?.();
      // An abort that came already ends the wait at once (subscribe calls it now).
      if (abort) unsubscribe = abort.subscribe(giveUp);
      // The run's storage (or claim) gave out meanwhile: nothing is waited for any more.
      if (waiting) this.health.watch(giveUp);
      write.then(
        () => {
          if (stopWaiting()) resolve(true);
        },
        (error: unknown) => {
          if (stopWaiting()) reject(error);
        },
      );
    });
  }

  /** A write {@link bounded} waited for is still pending at the end of its wait (or the run was aborted meanwhile). */
  private late(startedAt: number, abort: AbortHub | undefined): void {
    this.failed = true;
    if (abort?.aborted) return;
    // A write still pending at the run's storage deadline: storage does not answer, and the attempt ends.
    this.health.pending(this.headStartedAt ?? startedAt);
    if (this.health.unavailable !== undefined || this.lateReported) return;
    this.lateReported = true;
    this.options.onError(
      new BatonError(ERROR_CODES.STORAGE_ERROR, `A storage write took longer than ${Date.now() - startedAt} ms; the run goes on without waiting for it.`, {
        retryable: true,
      }),
    );
  }

  /** Saves a summary of the stored conversation the run read: the next run reads it instead of the messages it covers. */
  saveSummary(text: string, conversation: RunConversation): Promise<void> {
    return this.enqueue(() => this.options.storage.saveSummary(conversation.id, { text, throughSeq: conversation.throughSeq }, { fence: this.fence }));
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
      await this.options.storage.recordUsage(records, { fence: this.fence });
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
   * checkpoint instead of being marked finished without it. With `untilStored` (an
   * aborted run: the abort must be kept), the writes are retried until they land,
   * however long storage stays away, unless the claim is lost.
   */
  finish(state: RunState, answer: RunAnswer | undefined, resumed: boolean, untilStored = false): Promise<void> {
    this.dispose(untilStored);
    this.keepingEnd = untilStored && this.heartbeat !== undefined;
    const deadline = untilStored ? Number.POSITIVE_INFINITY : this.health.deadlineFor(Date.now());
    const conversation = state.conversation;
    const stored = conversation && answer ? answerMessages(answer) : [];
    let answerStored = true;
    if (conversation && stored.length > 0) {
      answerStored = false;
      void this.enqueue(
        () =>
          this.endWrite(async () => {
            // Only a resumed run, or a retry, can find its answer there already: the process before it may
            // have died right after appending it, or an append that timed out may have been done.
            let mayBeStored = resumed;
            await this.retried(async () => {
              if (mayBeStored && (await this.holdsAnswer(conversation))) return;
              mayBeStored = true;
              await this.options.storage.appendMessages(conversation.id, stored, { fence: this.fence });
            }, deadline);
            answerStored = true;
          }),
        false,
        untilStored,
      );
    }
    const last = stateUnderHistoryRules(state);
    const written = this.enqueue(
      async () => {
        if (answerStored) await this.endWrite(() => this.retried(() => this.options.storage.saveCheckpoint(last, this.claim()), deadline));
      },
      true,
      untilStored,
    );
    if (!untilStored) return written;
    return written.finally(() => {
      this.keepingEnd = false;
      this.dispose();
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
    const deadline = this.health.deadlineFor(Date.now());
    const last = stateUnderHistoryRules(state);
    return this.enqueue(() => this.retried(() => this.options.storage.saveCheckpoint(last, this.claim(0)), deadline));
  }

  /**
   * Does one of the run's last writes, trying again after a retryable failure (storage
   * unreachable for a moment: a restart, a failover) 100 ms later, then 200, 400… at
   * most 1 s apart, until `deadline` (the run's storage wait). Nothing after the run's
   * last writes would repair them, unlike a checkpoint, which the next one replaces.
   * Any other failure, or one at the deadline, is reported as usual.
   */
  private async retried(write: () => Promise<void>, deadline: number): Promise<void> {
    for (let retry = 0; ; retry++) {
      const startedAt = Date.now();
      try {
        await write();
        this.health.succeeded(startedAt, false);
        return;
      } catch (error) {
        const wait = Math.min(100 * 2 ** retry, 1_000);
        // Past the deadline, or once the run is unavailable (a kept end, whose deadline is none, goes on).
        const givenUp = deadline !== Number.POSITIVE_INFINITY && this.health.unavailable !== undefined;
        if (!isPassingOutage(error) || givenUp || Date.now() + wait > deadline) throw error;
        await sleep(wait);
      }
    }
  }

  /**
   * Stops renewing the claim and the storage clocks. With `keepClaim`, the claim is
   * still renewed (while a kept end is retried, so that no other process takes the
   * run meanwhile); a later call without it stops that too.
   */
  dispose(keepClaim = false): void {
    this.health.dispose();
    clearTimeout(this.startTimer);
    if (keepClaim) return;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

/** A run's answer as its conversation stores it: one message of its turns, progress and results (history rules applied). */
function answerMessages(answer: RunAnswer): NewConversationMessage[] {
  return toConversationMessages(withHistoryRules(answer.messages, answer.toolMetadata), answer.details);
}
