import { BatonError, ERROR_CODES, type EventSink, type RunFence, type StreamEvent } from "@baton/core";
import type { Redis } from "ioredis";
import { RelayClaimLostError } from "../errors/queue-errors.js";
import { entryId, runRelayKeys, type RunRelayKeys } from "./relay-keys.js";
import { isEntryIdTaken, relayScripts, type AppendResult, type RelayScripts } from "./relay-scripts.js";

/** How long an event waits to be written with the ones after it, in ms, when `batchDelayMs` is not given. */
const DEFAULT_BATCH_DELAY_MS = 4;

/** Options of {@link startRelayWriter}. */
export interface RelayWriterOptions {
  readonly prefix: string;
  /** Entries a run's stream keeps (older ones are trimmed, approximately). */
  readonly maxLength: number;
  /** How long a run's stream and its hash stay after the run ended, in ms. */
  readonly expireAfterMs: number;
  /** Events waiting to be written before `emit` asks the run to wait. Default 1000. */
  readonly highWaterMark?: number;
  /** Told about a batch that could not be written (the events are kept and written again), and about the stream refusing this writer. */
  readonly onError?: (error: unknown) => void;
  /**
   * Told once when the run's stream refuses this writer's batch because a newer claim's
   * token wrote to it (see {@link RelayWriter.claim}): the writer has stopped, and its
   * attempt must stop too (the worker aborts it with the error).
   */
  readonly onClaimLost?: (error: RelayClaimLostError) => void;
  /**
   * How long an event waits to be written with the ones after it, in ms. Default 4: what
   * a step's end, a tool batch and the next step's start emit, with the storage writes
   * between them, goes in one batch, written while the run waits on its model rather
   * than between the run's own round trips (which it would slow down). The root
   * `run-end` never waits (it goes at once, with whatever waits), nor does a full
   * backlog or a {@link RelayWriter.flush}.
   */
  readonly batchDelayMs?: number;
}

/**
 * The sink a worker gives a run: it writes each event to the run's Redis Stream with
 * the log's own sequence number (`base + event.seq`, where `base` is the last number
 * written by earlier attempts of the run) and content index (after every block earlier
 * attempts opened, so a client never mixes two attempts' blocks), in batches of one
 * command each (a script: a reader blocked on the stream wakes once per batch, with all
 * of it). The root `run-end` goes at once, in the same batch as the stream's end mark.
 * While too many events wait (Redis slow or away), `emit` returns a promise: the run
 * waits, nothing is dropped.
 *
 * Once given the attempt's claim ({@link RelayWriter.claim}, from the run's `onClaim`),
 * every batch is fenced by its token: the stream keeps the highest token that wrote,
 * and a batch of a lower one is refused whole — the writer stops with a
 * {@link RelayClaimLostError} (`RUN_CLAIM_LOST`), told to `onClaimLost`. A batch that
 * finds another writer's events after the one it follows (a stale attempt wrote between
 * this one's reopening of the stream and its first batch) writes nothing; the writer
 * numbers its events after those and writes them again, so two attempts' events never
 * interleave or share a number.
 */
export class RelayWriter implements EventSink {
  /** Events not yet written, as the attempt emitted them (numbered when written). */
  private pending: StreamEvent[] = [];
  /** Whether `pending` holds the root `run-end`. */
  private pendingEnd = false;
  private writing: Promise<void> | undefined;
  /** Ends the wait before the next batch early (the root `run-end` came, the backlog is full, or a flush waits). */
  private hurry: (() => void) | undefined;
  private readonly scripts: RelayScripts;
  private readonly batchDelayMs: number;
  private drained: { promise: Promise<void>; resolve: () => void } | undefined;
  private readonly highWaterMark: number;
  private failures = 0;
  private closed = false;
  private endQueued = false;
  /** The highest content index written, or -1. */
  private contentMax = -1;
  private position: { readonly base: number; readonly contentBase: number; readonly lastEvent: StreamEvent | undefined } | undefined;
  /** Resolves once the stream is reopened for this attempt and its position read (made by {@link RelayWriter.start}). */
  private ready: Promise<void> | undefined;
  /** The attempt's claim, whose token fences every batch (none: not fenced). */
  private fence: RunFence | undefined;
  /** Set when the stream refused this writer: a newer claim writes the run. */
  private lost: RelayClaimLostError | undefined;

  constructor(
    private readonly client: Redis,
    private readonly keys: RunRelayKeys,
    private readonly options: RelayWriterOptions,
  ) {
    this.highWaterMark = options.highWaterMark ?? 1000;
    this.batchDelayMs = options.batchDelayMs ?? DEFAULT_BATCH_DELAY_MS;
    this.scripts = relayScripts(client);
  }

  /**
   * Starts reopening the stream for this attempt (once; later calls return the same
   * promise). Events emitted before are held; a write starts it when nothing did.
   */
  start(): Promise<void> {
    this.ready ??= this.open();
    return this.ready;
  }

  /**
   * Fences this writer's batches by the attempt's claim on the run (what the run's
   * `onClaim` gives, before the attempt emits any event): each batch carries its token,
   * and is refused once a higher token has written to the run's stream. A later claim
   * with a higher token replaces it; a lower one is ignored.
   */
  claim(claim: RunFence): void {
    if (this.fence === undefined || claim.token > this.fence.token) this.fence = claim;
  }

  /** Set once the run's stream refused this writer (a newer attempt writes the run): the writer has stopped. */
  get claimLost(): RelayClaimLostError | undefined {
    return this.lost;
  }

  /** The last sequence number written before this attempt (once {@link RelayWriter.opened}). */
  get base(): number {
    return this.position?.base ?? 0;
  }

  /** Added to this attempt's content indexes: above every block earlier attempts opened (once opened). */
  get contentBase(): number {
    return this.position?.contentBase ?? 0;
  }

  /** Resolves once the stream is reopened for this attempt and its position is known (starting it if need be). */
  opened(): Promise<void> {
    return this.start();
  }

  /** The last event of the run's stream as earlier attempts left it (read when this attempt reopened it), or undefined when it has none. */
  async lastEvent(): Promise<StreamEvent | undefined> {
    await this.start();
    return this.position?.lastEvent;
  }

  /** Events not yet written. */
  get backlog(): number {
    return this.pending.length;
  }

  /** Queues `event`; returns a promise while the backlog is over the high-water mark. */
  emit(event: StreamEvent): Promise<void> | undefined {
    if (this.closed) return undefined;
    const ends = isRootEnd(event);
    if (ends) this.pendingEnd = this.endQueued = true;
    this.pending.push(event);
    // The root's run-end is the last event: it goes out at once (its readers wait for it), the others a moment later.
    if (this.writing === undefined) this.writing = this.writeSoon(!ends);
    else if (ends) this.hurry?.();
    if (this.pending.length < this.highWaterMark) return undefined;
    this.hurry?.();
    this.drained ??= withResolvers();
    return this.drained.promise;
  }

  /** Reopens the stream for this attempt (one round trip), trying again while Redis is away, until closed. */
  private async open(): Promise<void> {
    for (let failures = 0; ; failures++) {
      if (this.closed) return;
      try {
        const at = await this.scripts.open(this.keys);
        this.position = { base: at.lastSeq, contentBase: at.nextContentIndex, lastEvent: at.lastEvent };
        return;
      } catch (error) {
        this.options.onError?.(error);
        await retryPause(failures);
      }
    }
  }

  /** Resolves when every event queued so far is written (or `close()` gave up). */
  async flush(): Promise<void> {
    this.hurry?.();
    while (this.writing !== undefined) await this.writing;
  }

  /**
   * Writes what is queued, then ends the stream if no root `run-end` did (an attempt
   * that found the run already finished writes no events, but the stream must end).
   * Rejects with the {@link RelayClaimLostError} when the stream refuses that end.
   */
  async finish(): Promise<void> {
    await this.start();
    await this.flush();
    if (this.endQueued || this.closed) return;
    const result = await this.scripts.append(this.keys, {
      maxLength: this.options.maxLength,
      entries: [],
      expireAfterMs: this.options.expireAfterMs,
      token: this.fence?.token,
    });
    if (result.kind === "stale") throw this.refused(result.fence);
  }

  /** Stops writing: events still queued are dropped. */
  close(): void {
    this.closed = true;
    this.pending = [];
    this.pendingEnd = false;
    this.release();
  }

  private async writeSoon(wait = true): Promise<void> {
    // A moment later (`batchDelayMs`): what the run emits meanwhile goes in the same batch.
    if (wait) await this.delay();
    if (this.position === undefined) await this.start();
    while (this.pending.length > 0 && !this.closed) {
      const batch = this.pending;
      const end = this.pendingEnd;
      this.pending = [];
      this.pendingEnd = false;
      try {
        await this.write(batch, end);
        this.failures = 0;
      } catch (error) {
        this.options.onError?.(error);
        if (this.closed) break;
        this.pending = batch.concat(this.pending);
        this.pendingEnd ||= end;
        this.failures++;
        await retryPause(this.failures);
        continue;
      }
      if (this.pending.length < this.highWaterMark / 2) this.release();
    }
    this.writing = undefined;
    this.release();
  }

  /** Waits `batchDelayMs`, or less when the root `run-end` comes meanwhile (or the backlog fills, or a flush waits). */
  private delay(): Promise<void> {
    return new Promise<void>((resolve) => {
      const go = (): void => {
        clearTimeout(timer);
        if (this.hurry === go) this.hurry = undefined;
        resolve();
      };
      const timer = setTimeout(go, this.batchDelayMs);
      this.hurry = go;
    });
  }

  /** The stream entries of `events` (id and JSON, alternating), numbered after the position, and the highest content index among them. */
  private entriesOf(events: readonly StreamEvent[]): { entries: string[]; contentMax: number } {
    const { base, contentBase } = this.position!;
    const entries: string[] = new Array(events.length * 2);
    let contentMax = this.contentMax;
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      const seq = base + event.seq;
      const contentIndex = contentBase + event.contentIndex;
      if (contentIndex > contentMax) contentMax = contentIndex;
      entries[i * 2] = entryId(seq);
      entries[i * 2 + 1] = JSON.stringify(seq === event.seq && contentIndex === event.contentIndex ? event : { ...event, seq, contentIndex });
    }
    return { entries, contentMax };
  }

  private async write(batch: readonly StreamEvent[], end: boolean): Promise<void> {
    let events = batch;
    // After a failed write the batch may have been applied with only its reply lost (Redis restarted, the
    // connection dropped): the entries already there, this writer's own, are skipped.
    let checkWritten = this.failures > 0;
    for (;;) {
      const { entries, contentMax } = this.entriesOf(events);
      const skip = checkWritten ? await this.writtenAlready(entries) : 0;
      checkWritten = false;
      // One script: the batch is appended at once (a reader wakes once for all of it), and a batch that ends the
      // stream sets the end mark with its run-end.
      let result: AppendResult;
      try {
        result = await this.scripts.append(this.keys, {
          maxLength: this.options.maxLength,
          entries: skip === 0 ? entries : entries.slice(skip * 2),
          contentMax: contentMax >= 0 ? contentMax : undefined,
          expireAfterMs: end ? this.options.expireAfterMs : undefined,
          token: this.fence?.token,
        });
      } catch (error) {
        if (!isEntryIdTaken(error)) throw error;
        // Not fenced, and an id not above the stream's last one. Either the client sent the script twice (it
        // resends commands whose reply a dropped connection lost, and the first run went through): then the
        // entries are this writer's own and nothing is missing. Or another attempt of the run writes after this one.
        if ((await this.writtenAlready(entries)) * 2 === entries.length) return;
        this.close();
        throw new BatonError(ERROR_CODES.RUN_CLAIM_LOST, `Another attempt of the run now writes its events: ${error.message}`, { cause: error });
      }
      if (result.kind === "written") {
        this.contentMax = contentMax;
        return;
      }
      if (result.kind === "stale") throw this.refused(result.fence);
      // Another writer's events came after the one this batch follows, nothing of the batch was written: what
      // is left of it goes after them, its blocks above theirs.
      events = events.slice(skip);
      const rest = events[0]!;
      const { base, contentBase, lastEvent } = this.position!;
      this.position = {
        base: Math.max(base, result.position.lastSeq + 1 - rest.seq),
        contentBase: Math.max(contentBase, result.position.nextContentIndex),
        lastEvent,
      };
    }
  }

  /** Stops the writer whose batch the stream refused (a newer claim's token, `fence`, wrote), and tells `onClaimLost`. */
  private refused(fence: number): RelayClaimLostError {
    const claim = this.fence!;
    const lost = new RelayClaimLostError(claim.runId, claim.owner, claim.token, fence);
    this.lost ??= lost;
    this.close();
    this.options.onClaimLost?.(lost);
    return lost;
  }

  /**
   * How many leading entries of `entries` the stream already holds, written by this writer. A different entry
   * there means another attempt writes the run: a writer not fenced stops (`RUN_CLAIM_LOST`); a fenced one
   * counts up to it, and its append then finds where the stream stands.
   */
  private async writtenAlready(entries: readonly string[]): Promise<number> {
    if (entries.length === 0) return 0;
    const found = (await this.client.xrange(this.keys.events, entries[0]!, entries[entries.length - 2]!)) as [id: string, fields: string[]][];
    const stored = new Map(found.map(([id, fields]) => [id, fields[1]]));
    let count = 0;
    for (let i = 0; i < entries.length; i += 2) {
      const entry = stored.get(entries[i]!);
      if (entry === undefined) break;
      if (entry !== entries[i + 1]) {
        if (this.fence !== undefined) break;
        this.close();
        throw new BatonError(ERROR_CODES.RUN_CLAIM_LOST, `Another attempt of the run now writes its events (entry ${entries[i]} differs).`);
      }
      count++;
    }
    return count;
  }

  private release(): void {
    const drained = this.drained;
    this.drained = undefined;
    drained?.resolve();
  }
}

/** Whether `event` is the root run's `run-end`, the stream's last event. */
function isRootEnd(event: StreamEvent): boolean {
  return event.type === "run-end" && !event.agentPath.includes("/");
}

/**
 * Starts the relay of `runId` for a new attempt, at once: the stream is reopened (marked
 * not ended) and its position read in the background, and the numbering (sequence
 * numbers and content indexes) continues after what any earlier attempt wrote. Events
 * emitted before that are held and numbered then, so the run need not wait for it.
 */
export function startRelayWriter(client: Redis, runId: string, options: RelayWriterOptions): RelayWriter {
  const writer = relayWriter(client, runId, options);
  void writer.start();
  return writer;
}

/**
 * The relay writer of `runId` for a new attempt, not started yet: it reopens the stream
 * on {@link RelayWriter.start} (or its first write), so the caller can start the run
 * first (the run's first round trip then goes first).
 */
export function relayWriter(client: Redis, runId: string, options: RelayWriterOptions): RelayWriter {
  return new RelayWriter(client, runRelayKeys(options.prefix, runId), options);
}

/** {@link startRelayWriter}, resolved once the stream is reopened and its position known. */
export async function openRelayWriter(client: Redis, runId: string, options: RelayWriterOptions): Promise<RelayWriter> {
  const writer = startRelayWriter(client, runId, options);
  await writer.opened();
  return writer;
}

/** The wait before trying a failed write (or the stream's reopening) again: 50 ms doubling with each failure, at most 2 s. */
function retryPause(failures: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 50 * 2 ** Math.min(failures, 6))));
}

function withResolvers(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
