import { BatonError, ERROR_CODES, type RunEventLog, type RunEventLogHead, type StreamEvent } from "@baton/core";
import type { Redis } from "ioredis";
import { BoundedRedis, DEFAULT_COMMAND_TIMEOUT_MS } from "../redis/bounded-redis.js";
import { closeRedisClient } from "../redis/redis-connection.js";
import { entryId, runRelayKeys, seqOfEntryId } from "./relay-keys.js";
import { streamInfoOf } from "./stream-info.js";

/** Options of {@link RedisRunEventLog}. */
export interface RedisRunEventLogOptions {
  /** Key prefix; default `baton`. */
  readonly prefix: string;
  /** Events read per `XREAD`; default 1000. */
  readonly batchSize?: number;
  /** How long one blocking read waits for new events before it looks whether the stream ended, in ms; default 1000. */
  readonly blockMs?: number;
  /**
   * How long each call waits for Redis, in ms (a blocking read: `blockMs` more). Past
   * it, `head` and `read` reject with `QUEUE_UNAVAILABLE` (a `QueueUnavailableError`,
   * retryable), as they do at once when the connection fails. Default 2000.
   */
  readonly commandTimeoutMs?: number;
}

type StreamEntries = [id: string, fields: string[]][];

/**
 * A {@link RunEventLog} on Redis Streams: one stream per run (entry id `0-<seq>`, the
 * event's JSON in field `e`), and a small hash that says when the stream ended. Each
 * `read` uses its own connection (blocking reads hold one), closed when it stops.
 *
 * Every call is bounded: it waits for Redis at most `commandTimeoutMs` (a blocking
 * read `blockMs` more), then rejects with `QUEUE_UNAVAILABLE`; errors carry no
 * password of the client's connection.
 */
export class RedisRunEventLog implements RunEventLog {
  private readonly batchSize: number;
  private readonly blockMs: number;
  private readonly redis: BoundedRedis;

  constructor(
    private readonly client: Redis,
    private readonly options: RedisRunEventLogOptions,
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.blockMs = options.blockMs ?? 1000;
    this.redis = new BoundedRedis(client, options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS);
  }

  /**
   * Where the log of `runId` stands; `undefined` when the run was never submitted or its
   * log expired. Rejects with `QUEUE_UNAVAILABLE` when Redis does not answer in time.
   */
  async head(runId: string): Promise<RunEventLogHead | undefined> {
    return this.redis.call("events.head", () => headOf(this.client, this.options.prefix, runId), { runId });
  }

  /**
   * Reads events after `after` until the stream ends or `signal` aborts. Rejects with
   * `QUEUE_UNAVAILABLE` when Redis does not answer a read in time (or the connection
   * fails), and with `REPLAY_UNAVAILABLE` when the events asked for were trimmed.
   */
  async *read(runId: string, after: number, signal: AbortSignal): AsyncIterable<readonly StreamEvent[]> {
    const keys = runRelayKeys(this.options.prefix, runId);
    const headNow = () => this.redis.call("events.read", () => headOf(this.client, this.options.prefix, runId), { runId });
    const head = await headNow();
    if (head === undefined) return;
    if (after + 1 < head.firstSeq) {
      throw new BatonError(ERROR_CODES.REPLAY_UNAVAILABLE, `Cannot read run "${runId}" after event ${after}: the log keeps events from ${head.firstSeq} on.`, {
        details: { runId, after, firstSeq: head.firstSeq },
      });
    }
    // Fails fast (no command is held back while it is not connected): each read is bounded below.
    const reader = this.client.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: false });
    const reading = new BoundedRedis(reader, this.redis.timeoutMs + this.blockMs);
    // A failed read rejects below; the connection's own error events need a listener so they are not unhandled.
    reader.on("error", () => undefined);
    const stop = (): void => reader.disconnect();
    signal.addEventListener("abort", stop, { once: true });
    let last = after;
    try {
      while (!signal.aborted) {
        let reply: [string, StreamEntries][] | null;
        try {
          reply = (await reading.call(
            "events.read",
            () => reader.xread("COUNT", this.batchSize, "BLOCK", this.blockMs, "STREAMS", keys.events, entryId(last)),
            {
              runId,
            },
          )) as [string, StreamEntries][] | null;
        } catch (error) {
          if (signal.aborted) return;
          throw error;
        }
        const entries = reply?.[0]?.[1] ?? [];
        let endsHere = entries.length === 0;
        if (entries.length > 0) {
          const first = seqOfEntryId(entries[0]![0]);
          if (first !== last + 1) {
            // Trimmed while this reader was behind: say so rather than skip events.
            throw new BatonError(
              ERROR_CODES.REPLAY_UNAVAILABLE,
              `Run "${runId}": events ${last + 1} to ${first - 1} were trimmed from the log before they were read.`,
              {
                details: { runId, after: last, firstSeq: first },
              },
            );
          }
          const events: StreamEvent[] = new Array(entries.length);
          for (let i = 0; i < entries.length; i++) {
            const [id, fields] = entries[i]!;
            last = seqOfEntryId(id);
            const event = JSON.parse(fields[1]!) as StreamEvent;
            events[i] = event;
            if ((event.type === "run-end" || event.type === "error") && !event.agentPath.includes("/")) endsHere = true;
          }
          yield events;
          if (entries.length === this.batchSize) continue;
        }
        // Only after a root run-end (or error) or a read that timed out can the stream have ended.
        if (!endsHere) continue;
        const now = await headNow();
        if (now === undefined || (now.ended && now.lastSeq <= last)) return;
      }
    } finally {
      signal.removeEventListener("abort", stop);
      await closeRedisClient(reader);
    }
  }
}

/** Where the log of `runId` stands: its stream's numbers and its hash's end mark. */
async function headOf(client: Redis, prefix: string, runId: string): Promise<RunEventLogHead | undefined> {
  const keys = runRelayKeys(prefix, runId);
  // The end mark first, then the stream, in this order on one connection (no transaction needed): a mark read
  // as set was written with the stream's last entry, so the numbers read after it include that entry.
  const [ended, info] = await Promise.all([client.hget(keys.meta, "ended"), client.xinfo("STREAM", keys.events).catch(noStream)]);
  const stream = Array.isArray(info) ? streamInfoOf(info) : undefined;
  if (stream === undefined && ended === null) return undefined;
  const lastSeq = stream?.lastSeq ?? 0;
  return { lastSeq, firstSeq: stream?.firstSeq ?? lastSeq + 1, ended: ended === "1" };
}

/** `undefined` for the error `XINFO STREAM` gives when the stream does not exist; other errors are thrown. */
function noStream(error: unknown): undefined {
  if (error instanceof Error && /no such key/i.test(error.message)) return undefined;
  throw error;
}
