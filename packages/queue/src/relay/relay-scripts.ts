import type { Redis } from "ioredis";
import { seqOfEntryId, type RunRelayKeys } from "./relay-keys.js";
import { positionOf, type RelayPosition, type StreamEntries } from "./relay-position.js";

/**
 * Appends one batch of a run's events in one command, atomically (a reader blocked on
 * the stream wakes once, with the whole batch): KEYS[1] the stream, KEYS[2] the run's
 * hash; ARGV[1] the stream's approximate length cap, ARGV[2] the highest content index
 * written ("" for none), ARGV[3] the expiry in ms when the batch ends the stream (""
 * otherwise), then entry id and event JSON pairs. An entry id not above the stream's
 * last one stops the script with Redis's own error ("equal or smaller"); the entries
 * before it stay, and nothing after it is done (the end mark included).
 */
const APPEND_LUA = `
local events, meta = KEYS[1], KEYS[2]
for i = 4, #ARGV, 2 do
  redis.call('XADD', events, 'MAXLEN', '~', ARGV[1], ARGV[i], 'e', ARGV[i + 1])
end
if ARGV[2] ~= '' then redis.call('HSET', meta, 'contentMax', ARGV[2]) end
if ARGV[3] ~= '' then
  redis.call('HSET', meta, 'ended', '1')
  redis.call('PEXPIRE', events, ARGV[3])
  redis.call('PEXPIRE', meta, ARGV[3])
end
return (#ARGV - 3) / 2
`;

/**
 * Marks a queued run's stream as known and gives the run's hash the expiry of a run
 * that never starts: KEYS[1] the run's hash, ARGV[1] the expiry in ms, ARGV[2] "1" to
 * reopen an ended stream (a paused run resumed: its readers wait for what comes next),
 * else "0" (a new run: an id used before keeps its stream as it is). One command, so
 * the mark never stays without its expiry.
 */
const ANNOUNCE_LUA = `
if ARGV[2] == '1' then
  redis.call('HSET', KEYS[1], 'ended', '0')
else
  redis.call('HSETNX', KEYS[1], 'ended', '0')
end
return redis.call('PEXPIRE', KEYS[1], ARGV[1])
`;

/**
 * Reopens a run's stream for a new attempt and reads where it stands, in one command:
 * KEYS[1] the stream, KEYS[2] the run's hash. Returns the stream's last generated id
 * (kept when its entries were trimmed; nil for no stream), its last entry (nil for
 * none) and the hash's `contentMax` (nil for none); the hash is marked not ended, and
 * the stream and the hash no longer expire.
 */
const OPEN_LUA = `
local events, meta = KEYS[1], KEYS[2]
local lastId = false
if redis.call('EXISTS', events) == 1 then
  local info = redis.call('XINFO', 'STREAM', events)
  for i = 1, #info, 2 do
    if info[i] == 'last-generated-id' then lastId = info[i + 1] break end
  end
end
local last = redis.call('XREVRANGE', events, '+', '-', 'COUNT', 1)
local contentMax = redis.call('HGET', meta, 'contentMax')
redis.call('HSET', meta, 'ended', '0')
redis.call('PERSIST', meta)
redis.call('PERSIST', events)
return {lastId, last[1] or false, contentMax}
`;

/**
 * Whether `error` is the append script stopping at an entry id not above the stream's
 * last one (Redis's "equal or smaller" error): another writer, or an earlier send of
 * the same batch, wrote those numbers first.
 */
export function isEntryIdTaken(error: unknown): error is Error {
  return error instanceof Error && /equal or smaller/i.test(error.message);
}

const APPEND = "batonRelayAppend";
const ANNOUNCE = "batonRelayAnnounce";
const OPEN = "batonRelayOpen";

/** The relay's scripts, defined on a client by {@link relayScripts}. */
export interface RelayScripts {
  /**
   * Appends `entries` (entry id and event JSON, alternating) to the run's stream, sets
   * `contentMax` when given, and with `expireAfterMs` marks the stream ended and
   * starts its expiry; resolves with the number of entries written.
   */
  append(keys: RunRelayKeys, maxLength: number, entries: readonly string[], contentMax: number | undefined, expireAfterMs: number | undefined): Promise<number>;
  /** Reopens the run's stream for a new attempt; resolves with where it stands. */
  open(keys: RunRelayKeys): Promise<RelayPosition>;
  /**
   * Marks a queued run's stream known and expiring after `expireAfterMs`: not ended
   * (with `reopen`, a resumed run's stream that its pause ended is reopened; without it
   * an ended stream stays ended).
   */
  announce(keys: RunRelayKeys, expireAfterMs: number, reopen: boolean): Promise<unknown>;
}

/** A script's call: its keys and arguments (an array argument is sent as its items). */
type ScriptCall<T> = (...args: (string | number | readonly string[])[]) => Promise<T>;
type ScriptClient = Redis & {
  [APPEND]?: ScriptCall<number>;
  [ANNOUNCE]?: ScriptCall<unknown>;
  [OPEN]?: ScriptCall<[lastId: string | null, last: StreamEntries[number] | null, contentMax: string | null]>;
};

/**
 * The relay's scripts on `client`, defined on it the first time (ioredis sends them by
 * their SHA and loads them again when Redis lost them). Each is one command: no
 * transaction or pipeline object is built per call (on a client BullMQ shares, those
 * copy each of BullMQ's scripts onto every one).
 */
export function relayScripts(client: Redis): RelayScripts {
  const scripted = client as ScriptClient;
  if (typeof scripted[APPEND] !== "function") client.defineCommand(APPEND, { numberOfKeys: 2, lua: APPEND_LUA });
  if (typeof scripted[ANNOUNCE] !== "function") client.defineCommand(ANNOUNCE, { numberOfKeys: 1, lua: ANNOUNCE_LUA });
  if (typeof scripted[OPEN] !== "function") client.defineCommand(OPEN, { numberOfKeys: 2, lua: OPEN_LUA });
  return {
    append: (keys, maxLength, entries, contentMax, expireAfterMs) =>
      // The entries go as one array (ioredis sends its items): no spread of a long batch into arguments.
      scripted[APPEND]!(
        keys.events,
        keys.meta,
        maxLength,
        contentMax === undefined ? "" : contentMax,
        expireAfterMs === undefined ? "" : expireAfterMs,
        entries,
      ),
    announce: (keys, expireAfterMs, reopen) => scripted[ANNOUNCE]!(keys.meta, expireAfterMs, reopen ? "1" : "0"),
    open: async (keys) => {
      const [lastId, last, contentMax] = await scripted[OPEN]!(keys.events, keys.meta);
      return positionOf(lastId === null ? 0 : seqOfEntryId(lastId), last ?? undefined, contentMax);
    },
  };
}
