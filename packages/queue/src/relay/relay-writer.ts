import { BatonError, ERROR_CODES, type EventSink, type StreamEvent } from "@baton/core";
import type { Redis } from "ioredis";
import { entryId, runRelayKeys, type RunRelayKeys } from "./relay-keys.js";
import { addPositionReads, relayPositionOf } from "./relay-position.js";

/** Options of {@link startRelayWriter}. */
export interface RelayWriterOptions {
  readonly prefix: string;
  /** Entries a run's stream keeps (older ones are trimmed, approximately). */
  readonly maxLength: number;
  /** How long a run's stream and its hash stay after the run ended, in ms. */
  readonly expireAfterMs: number;
  /** Events waiting to be written before `emit` asks the run to wait. Default 1000. */
  readonly highWaterMark?: number;
  /** Told about a batch that could not be written (the events are kept and written again). */
  readonly onError?: (error: unknown) => void;
}

/**
 * The sink a worker gives a run: it writes each event to the run's Redis Stream with
 * the log's own sequence number (`base + event.seq`, where `base` is the last number
 * written by earlier attempts of the run) and content index (after every block earlier
 * attempts opened, so a client never mixes two attempts' blocks), in batches of one
 * round trip. The root
 * `run-end` and the stream's end mark go in one transaction. While too many events
 * wait (Redis slow or away), `emit` returns a promise: the run waits, nothing is dropped.
 */
export class RelayWriter implements EventSink {
  private pending: string[] = [];
  /** Events emitted before the stream's position was known, numbered once it is. */
  private early: StreamEvent[] = [];
  private pendingEnd = false;
  private writing: Promise<void> | undefined;
  private drained: { promise: Promise<void>; resolve: () => void } | undefined;
  private readonly highWaterMark: number;
  private failures = 0;
  private closed = false;
  private endQueued = false;
  /** The highest content index queued (as written), or -1. */
  private contentMax = -1;
  private position: { readonly base: number; readonly contentBase: number } | undefined;
  /** Resolves once the stream is reopened for this attempt and its position read. */
  private readonly ready: Promise<void>;

  constructor(
    private readonly client: Redis,
    private readonly keys: RunRelayKeys,
    private readonly options: RelayWriterOptions,
  ) {
    this.highWaterMark = options.highWaterMark ?? 1000;
    this.ready = this.open();
    this.ready.catch(() => undefined);
  }

  /** The last sequence number written before this attempt (once {@link RelayWriter.opened}). */
  get base(): number {
    return this.position?.base ?? 0;
  }

  /** Added to this attempt's content indexes: above every block earlier attempts opened (once opened). */
  get contentBase(): number {
    return this.position?.contentBase ?? 0;
  }

  /** Resolves once the stream is reopened for this attempt and its position is known. */
  opened(): Promise<void> {
    return this.ready;
  }

  /** Events not yet written. */
  get backlog(): number {
    return this.pending.length / 2 + this.early.length;
  }

  /** Queues `event`; returns a promise while the backlog is over the high-water mark. */
  emit(event: StreamEvent): Promise<void> | undefined {
    if (this.closed) return undefined;
    const ends = event.type === "run-end" && !event.agentPath.includes("/");
    if (ends) this.pendingEnd = this.endQueued = true;
    if (this.position === undefined) this.early.push(event);
    else this.queue(event, this.position.base, this.position.contentBase);
    // The root's run-end is the last event: it goes out at once (its readers wait for it), the others after this turn.
    if (this.writing === undefined) this.writing = this.writeSoon(!ends);
    if (this.backlog < this.highWaterMark) return undefined;
    this.drained ??= withResolvers();
    return this.drained.promise;
  }

  private queue(event: StreamEvent, base: number, contentBase: number): void {
    const seq = base + event.seq;
    const contentIndex = contentBase + event.contentIndex;
    if (contentIndex > this.contentMax) this.contentMax = contentIndex;
    this.pending.push(entryId(seq), JSON.stringify(seq === event.seq && contentIndex === event.contentIndex ? event : { ...event, seq, contentIndex }));
  }

  /** Reopens the stream for this attempt (one round trip), trying again while Redis is away, until closed. */
  private async open(): Promise<void> {
    for (let failures = 0; ; failures++) {
      if (this.closed) return;
      try {
        const { events, meta } = this.keys;
        const replies = await addPositionReads(this.client.multi(), this.keys).hset(meta, "ended", "0").persist(meta).persist(events).exec();
        const at = relayPositionOf(replies);
        this.position = { base: at.lastSeq, contentBase: at.nextContentIndex };
        for (const event of this.early) this.queue(event, at.lastSeq, at.nextContentIndex);
        this.early = [];
        return;
      } catch (error) {
        this.options.onError?.(error);
        await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 50 * 2 ** Math.min(failures, 6))));
      }
    }
  }

  /** Resolves when every event queued so far is written (or `close()` gave up). */
  async flush(): Promise<void> {
    while (this.writing !== undefined) await this.writing;
  }

  /**
   * Writes what is queued, then ends the stream if no root `run-end` did (an attempt
   * that found the run already finished writes no events, but the stream must end).
   */
  async finish(): Promise<void> {
    await this.ready;
    await this.flush();
    if (this.endQueued || this.closed) return;
    const { events, meta } = this.keys;
    await this.client.multi().hset(meta, "ended", "1").pexpire(events, this.options.expireAfterMs).pexpire(meta, this.options.expireAfterMs).exec();
  }

  /** Stops writing: events still queued are dropped. */
  close(): void {
    this.closed = true;
    this.pending = [];
    this.early = [];
    this.release();
  }

  private async writeSoon(afterThisTurn = true): Promise<void> {
    // After the current turn of the event loop: the events a model chunk or a tool batch emits together go in one write.
    if (afterThisTurn) await new Promise<void>((resolve) => setImmediate(resolve));
    await this.ready;
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
        this.pending = batch.concat(this.pending);
        this.pendingEnd ||= end;
        this.failures++;
        await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 50 * 2 ** Math.min(this.failures, 6))));
        continue;
      }
      if (this.pending.length / 2 < this.highWaterMark / 2) this.release();
    }
    this.writing = undefined;
    this.release();
  }

  private async write(batch: readonly string[], end: boolean): Promise<void> {
    const { events, meta } = this.keys;
    // After a failed write the batch may have been applied with only its reply lost (Redis restarted, the
    // connection dropped): skip the entries already there, if they are this writer's own.
    const skip = this.failures > 0 ? await this.writtenAlready(batch) : 0;
    // A batch that ends the stream is one transaction (its run-end and the end mark go together); the others
    // are a pipeline: their order is kept all the same, and Redis does less for them.
    const transaction = end ? this.client.multi() : this.client.pipeline();
    for (let i = skip * 2; i < batch.length; i += 2) {
      transaction.xadd(events, "MAXLEN", "~", this.options.maxLength, batch[i]!, "e", batch[i + 1]!);
    }
    if (this.contentMax >= 0) transaction.hset(meta, "contentMax", String(this.contentMax));
    if (end) {
      transaction.hset(meta, "ended", "1");
      transaction.pexpire(events, this.options.expireAfterMs);
      transaction.pexpire(meta, this.options.expireAfterMs);
    }
    const replies = await transaction.exec();
    const failed = replies?.find(([error]) => error !== null)?.[0];
    if (failed) {
      // An id not above the stream's last one. Either the client sent the transaction twice (it resends
      // commands whose reply a dropped connection lost, and the first run went through): then the entries
      // are this writer's own and nothing is missing. Or another attempt of the run writes after this one.
      if (/equal or smaller/i.test(failed.message)) {
        if ((await this.writtenAlready(batch)) * 2 === batch.length) return;
        this.close();
        throw new BatonError(ERROR_CODES.RUN_CLAIM_LOST, `Another attempt of the run now writes its events: ${failed.message}`, { cause: failed });
      }
      throw failed;
    }
  }

  /** How many leading entries of `batch` the stream already holds, written by this writer; a different entry there means another attempt writes the run. */
  private async writtenAlready(batch: readonly string[]): Promise<number> {
    const found = (await this.client.xrange(this.keys.events, batch[0]!, batch[batch.length - 2]!)) as [id: string, fields: string[]][];
    const stored = new Map(found.map(([id, fields]) => [id, fields[1]]));
    let count = 0;
    for (let i = 0; i < batch.length; i += 2) {
      const entry = stored.get(batch[i]!);
      if (entry === undefined) break;
      if (entry !== batch[i + 1]) {
        this.close();
        throw new BatonError(ERROR_CODES.RUN_CLAIM_LOST, `Another attempt of the run now writes its events (entry ${batch[i]} differs).`);
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

/**
 * Starts the relay of `runId` for a new attempt, at once: the stream is reopened (marked
 * not ended) and its position read in the background, and the numbering (sequence
 * numbers and content indexes) continues after what any earlier attempt wrote. Events
 * emitted before that are held and numbered then, so the run need not wait for it.
 */
export function startRelayWriter(client: Redis, runId: string, options: RelayWriterOptions): RelayWriter {
  return new RelayWriter(client, runRelayKeys(options.prefix, runId), options);
}

/** {@link startRelayWriter}, resolved once the stream is reopened and its position known. */
export async function openRelayWriter(client: Redis, runId: string, options: RelayWriterOptions): Promise<RelayWriter> {
  const writer = startRelayWriter(client, runId, options);
  await writer.opened();
  return writer;
}

function withResolvers(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
