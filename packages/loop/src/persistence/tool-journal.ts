import { RunClaimLostError, type ToolCallPart, type ToolJournalEntry, type ToolJournalOutcome } from "@baton/core";
import type { AbortHub } from "../abort/abort-hub.js";
import { removeUnordered } from "./remove-unordered.js";
import { sleep } from "./sleep.js";
import type { RunPersistence } from "./run-persistence.js";
import { isPassingOutage } from "./storage-health.js";

/**
 * What the calls of one run (one abort) that joined a write wait on: one promise for
 * them all, true once the write is stored, false as soon as their run is aborted
 * first; it rejects with the reason the write will never be stored.
 */
interface IntentGate {
  readonly abort: AbortHub;
  readonly promise: Promise<boolean>;
  resolve(stored: boolean): void;
  reject(error: unknown): void;
  unsubscribe: (() => void) | undefined;
}

/** A write of the journal, with the calls waiting for it to start. */
export interface JournalWrite {
  readonly entries: ToolJournalEntry[];
  /** One gate per run whose calls wait for this write (almost always one; none for most rides). */
  gates: IntentGate[] | undefined;
  /** When the write started (set when it starts). */
  startedAt: number;
  /** Set once the write is stored. */
  stored: boolean;
  /** Of a ride: how many of its intents' calls have not asked for them yet. */
  unasked: number;
}

/**
 * The tool-call journal of one stored run: before a call starts, its intent is
 * written, and the call starts only once that is stored; after it ends, its outcome.
 *
 * Most entries ride with the run's checkpoints, as a database-backed workflow commits
 * a step's outcome with its state: the intents of the calls a batch starts at once
 * ({@link intend}) are written in the slot of the checkpoint the batch waits for
 * before its calls start, and each outcome ({@link end}) in the slot of the
 * checkpoint asked for right after the call, which every later batch waits for before
 * its calls start. The journal is written first: a checkpoint never says more than the
 * journal beside it. The intents of calls that wait for a free slot of
 * `maxConcurrentTools` are written by the journal itself ({@link start}): the calls
 * that start in the same turn of the event loop together, in one storage call.
 *
 * A write that fails is tried again (100 ms, 200, … at most 1 s apart) under the run's
 * one outage clock; when the run can no longer count on its storage or its claim, the
 * calls waiting to start are refused (they never start). A call's entries are ordered
 * by themselves: its outcome exists only once its intent is stored. What storage held
 * when the run was claimed tells a resumed run which of its calls finished, which
 * never started and which are in doubt ({@link entryOf}).
 */
export class ToolJournal {
  private readonly entries = new Map<string, ToolJournalEntry>();
  /** Writes not started yet, in order: an outcome is never written before its intent. */
  private readonly queue: JournalWrite[] = [];
  /** The queued intent write that calls of this turn still join. */
  private intents: JournalWrite | undefined;
  /** The write in flight (one at a time). */
  private current: JournalWrite | undefined;
  /** Whether the next write is to start at the end of this turn (so the calls of the turn join it). */
  private scheduled = false;
  private stopped: unknown;
  /** Told once every write asked for so far is done (see {@link settled}). */
  private idleWaiters: (() => void)[] = [];
  /** Entries that go with the next checkpoint's write ({@link takeRide}; the checkpoint's write writes them and tells {@link carried}). */
  private riding: JournalWrite | undefined;
  /** Rides holding intents whose calls have not asked for them yet ({@link intentStored}, {@link start}). */
  private readonly rides: JournalWrite[] = [];
  /** Rides whose first try failed, tried again meanwhile. */
  private retryingRides = 0;

  constructor(
    private readonly persistence: RunPersistence,
    private readonly runId: string,
  ) {}

  /** Takes in the journal as storage held it when the run was claimed. */
  remember(loaded: readonly ToolJournalEntry[]): void {
    for (const entry of loaded) this.entries.set(entry.toolCallId, entry);
  }

  /** The call's latest entry: as storage held it when the run was claimed, or as this attempt wrote it since. */
  entryOf(toolCallId: string): ToolJournalEntry | undefined {
    return this.entries.get(toolCallId);
  }

  /** Whether the journal held entries when the run was claimed, or this attempt wrote some: only then can a call be in doubt. */
  get isEmpty(): boolean {
    return this.entries.size === 0;
  }

  /** When the write in flight started (a write that hangs ends the run at the storage wait), if any. */
  get oldestPendingSince(): number | undefined {
    return this.current?.startedAt;
  }

  /**
   * Journals the intent of a call that starts as soon as the checkpoint the batch waits
   * for is stored: the intent rides with that checkpoint's write. The call then asks
   * {@link intentStored} (or, when the write failed or is late, {@link start}).
   */
  intend(agentPath: string, call: ToolCallPart): void {
    if (this.stopped !== undefined) return;
    const ride = (this.riding ??= newWrite());
    ride.entries.push(this.intentOf(agentPath, call));
    if (ride.unasked++ === 0) this.rides.push(ride);
  }

  /**
   * The call's intent, when it was {@link intend}ed and is stored: the call may start
   * (asked once per call); otherwise undefined.
   */
  intentStored(toolCallId: string): ToolJournalEntry | undefined {
    if (this.rides.length === 0) return undefined;
    const entry = this.entries.get(toolCallId);
    const ride = this.rideOf(entry);
    if (ride === undefined || !ride.stored) return undefined;
    this.asked(ride);
    return entry;
  }

  /** The ride holding `entry` (a call's latest entry), if it is an intent that was {@link intend}ed and has not asked for it yet. */
  private rideOf(entry: ToolJournalEntry | undefined): JournalWrite | undefined {
    if (entry === undefined || entry.outcome !== undefined) return undefined;
    for (const ride of this.rides) if (ride.entries.includes(entry)) return ride;
    return undefined;
  }

  /** One call of `ride` asked for its intent: once all have, the ride is forgotten. */
  private asked(ride: JournalWrite): void {
    if (--ride.unasked > 0) return;
    removeUnordered(this.rides, ride);
  }

  /**
   * Writes the intent of a call about to start (its attempt one more than the last
   * one journaled, its entry then {@link entryOf} the call), or waits for the write of
   * the intent {@link intend} made. Resolves with true once it is stored, or with false
   * as soon as `abort` fires first (the call must not start; a write that waits on
   * storage never holds an aborted run). Rejects, and the call must not start, when
   * the run lost its claim or its storage (the reason). The calls of one run that start
   * in the same turn share one promise.
   */
  start(agentPath: string, call: ToolCallPart, abort: AbortHub): Promise<boolean> {
    if (this.stopped !== undefined) return Promise.reject(this.stopped);
    if (abort.aborted) return Promise.resolve(false);
    let write = this.rides.length === 0 ? undefined : this.rideOf(this.entries.get(call.toolCallId));
    if (write !== undefined) {
      this.asked(write);
      if (write.stored) return Promise.resolve(true);
    } else {
      write = this.intents ??= this.nextWrite();
      write.entries.push(this.intentOf(agentPath, call));
    }
    if (write.gates) for (const gate of write.gates) if (gate.abort === abort) return gate.promise;
    return openGate(write, abort).promise;
  }

  /** A new intent of the call (its attempt one more than the last one journaled), which is then {@link entryOf} the call. */
  private intentOf(agentPath: string, call: ToolCallPart): ToolJournalEntry {
    const previous = this.entries.get(call.toolCallId);
    const entry: ToolJournalEntry = {
      runId: this.runId,
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      agentPath,
      attempt: previous === undefined ? 1 : previous.attempt + 1,
      token: this.persistence.fence.token,
      startedAt: Date.now(),
    };
    this.entries.set(call.toolCallId, entry);
    return entry;
  }

  /**
   * Journals how a call ended (its outcome, or `interrupted` for a call that paused the
   * run): it rides with the next checkpoint's write, which the caller asks for at once
   * (before the run's end or pause, which are written after it).
   */
  end(entry: ToolJournalEntry, outcome: ToolJournalOutcome): void {
    // Field by field: an object spread here costs microseconds per call in V8.
    const ended: ToolJournalEntry = {
      runId: entry.runId,
      toolCallId: entry.toolCallId,
      toolName: entry.toolName,
      agentPath: entry.agentPath,
      attempt: entry.attempt,
      token: entry.token,
      startedAt: entry.startedAt,
      outcome,
      endedAt: Date.now(),
    };
    this.entries.set(entry.toolCallId, ended);
    if (this.stopped !== undefined) return;
    (this.riding ??= newWrite()).entries.push(ended);
  }

  /** The entries that go with the checkpoint whose write starts now, if any: its write writes them first and tells {@link carried} how it went. */
  takeRide(): JournalWrite | undefined {
    const ride = this.riding;
    this.riding = undefined;
    return ride;
  }

  /**
   * Takes note of how the first try at writing a ride went (`error` undefined: it is
   * stored). The checkpoint whose slot it rode in wrote it (`RunPersistence.checkpoint`),
   * before the checkpoint itself or in the same storage call; a failed ride is tried
   * again beside the checkpoints (its calls wait for it), under the run's outage clock.
   * `reported`: the failure was reported already (the checkpoint's own, in one call).
   */
  carried(ride: JournalWrite, error: unknown, reported = false): void {
    if (error === undefined) {
      this.persistence.health.succeeded(ride.startedAt, false);
      settle(ride, undefined);
      return;
    }
    this.retryingRides++;
    this.retried(ride.entries, error, ride.startedAt, reported).then(
      () => this.rideWritten(ride, undefined),
      (failure: unknown) => this.rideWritten(ride, failure),
    );
  }

  /** Ends a ride tried again: its waiters are told how it went. */
  private rideWritten(ride: JournalWrite, failure: unknown): void {
    this.retryingRides--;
    settle(ride, failure);
    if (this.idle) this.wakeIdle();
  }

  /**
   * Waits until the writes the journal makes itself (the intents of calls that waited
   * for a slot, rides tried again after a failure) are done (or failed for good), the
   * journal is stopped, or `abort` fires; undefined when nothing is pending, as when
   * storage answers: a batch whose journal is behind does not close.
   */
  settled(abort: AbortHub): Promise<void> | undefined {
    if (this.stopped !== undefined || this.idle) return undefined;
    return new Promise<void>((resolve) => {
      const unsubscribe = abort.subscribe(() => resolve());
      this.idleWaiters.push(() => {
        unsubscribe();
        resolve();
      });
    });
  }

  /** Whether no write is queued or running. */
  private get idle(): boolean {
    return this.current === undefined && this.queue.length === 0 && this.retryingRides === 0;
  }

  /** Tells the waiters of {@link settled} that the journal is idle (or stopped). */
  private wakeIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Refuses every call still waiting for its intent, and any later one (the run lost its claim or its storage). */
  stop(reason: unknown): void {
    if (this.stopped !== undefined) return;
    this.stopped = reason;
    if (this.current) settle(this.current, reason);
    for (const write of this.queue) settle(write, reason);
    this.queue.length = 0;
    this.intents = undefined;
    if (this.riding) settle(this.riding, reason);
    this.riding = undefined;
    this.wakeIdle();
  }

  /** A write that the entries asked for in this turn join; it starts once the turn is over, after the writes before it. */
  private nextWrite(): JournalWrite {
    const write = newWrite();
    this.queue.push(write);
    if (this.current === undefined && !this.scheduled) {
      this.scheduled = true;
      queueMicrotask(this.pumpLater);
    }
    return write;
  }

  /** {@link pump} at the end of the turn that scheduled it (one function for every write). */
  private readonly pumpLater = (): void => {
    this.scheduled = false;
    this.pump();
  };

  /** Starts the next queued write, unless one is in flight; wakes the waiters of {@link settled} when none is left. */
  private pump(): void {
    if (this.current !== undefined) return;
    const write = this.queue.shift();
    if (write === undefined) {
      this.wakeIdle();
      return;
    }
    if (write === this.intents) this.intents = undefined;
    this.current = write;
    write.startedAt = Date.now();
    this.persistence.storage.writeToolJournal(write.entries, this.persistence.fence).then(this.stored, this.failed);
  }

  /** The write in flight was stored at the first try. */
  private readonly stored = (): void => {
    const write = this.current!;
    this.persistence.health.succeeded(write.startedAt, false);
    this.written(write, undefined);
  };

  /** The write in flight failed at the first try: it is tried again, while that may help. */
  private readonly failed = (error: unknown): void => {
    const write = this.current!;
    this.retried(write.entries, error, write.startedAt).then(
      () => this.written(write, undefined),
      (failure: unknown) => this.written(write, failure),
    );
  };

  /** Ends a write: its waiters are told how it went, and the next one starts. */
  private written(write: JournalWrite, failure: unknown): void {
    settle(write, failure);
    if (this.current === write) this.current = undefined;
    this.pump();
  }

  /**
   * Tries a failed write again (100 ms, 200, … at most 1 s apart) while the failure is
   * a passing outage and the run's storage wait lasts. `reported`: the first failure
   * was reported already (by the checkpoint's write it was part of).
   */
  private async retried(entries: readonly ToolJournalEntry[], first: unknown, startedAt: number, reported = false): Promise<void> {
    const { persistence } = this;
    const { health } = persistence;
    let error = first;
    let attemptStart = startedAt;
    for (let retry = 0; ; retry++) {
      const unreported = retry > 0 || !reported;
      if (RunClaimLostError.isInstance(error) || !isPassingOutage(error)) {
        if (unreported) persistence.reportFailure(error);
        if (!RunClaimLostError.isInstance(error)) health.failedForGood(error);
        throw this.stopped ?? error;
      }
      health.failed(attemptStart, error);
      if (retry === 0 && unreported) persistence.reportFailure(error);
      const wait = Math.min(100 * 2 ** retry, 1_000, Math.max(10, health.deadlineFor(startedAt) - Date.now()));
      await sleep(wait);
      if (this.stopped !== undefined) throw this.stopped;
      attemptStart = Date.now();
      try {
        await persistence.storage.writeToolJournal(entries, persistence.fence);
        health.succeeded(attemptStart, false);
        return;
      } catch (failure) {
        error = failure;
      }
    }
  }
}

/** A write with nothing in it yet. */
function newWrite(): JournalWrite {
  return { entries: [], gates: undefined, startedAt: 0, stored: false, unasked: 0 };
}

/** Opens the gate the calls of `abort`'s run wait on for `write`: it resolves false as soon as `abort` fires. */
function openGate(write: JournalWrite, abort: AbortHub): IntentGate {
  let resolve!: (stored: boolean) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<boolean>((onStored, onRefused) => {
    resolve = onStored;
    reject = onRefused;
  });
  const gate: IntentGate = { abort, promise, resolve, reject, unsubscribe: undefined };
  (write.gates ??= []).push(gate);
  gate.unsubscribe = abort.subscribe(() => {
    gate.unsubscribe = undefined;
    resolve(false);
  });
  return gate;
}

/** Ends `write`: marked stored (`failure` undefined), and the calls waiting for it told how it went. */
function settle(write: JournalWrite, failure: unknown): void {
  if (failure === undefined) write.stored = true;
  if (write.gates === undefined) return;
  for (const gate of write.gates) {
    gate.unsubscribe?.();
    gate.unsubscribe = undefined;
    if (failure === undefined) gate.resolve(true);
    else gate.reject(failure);
  }
}
