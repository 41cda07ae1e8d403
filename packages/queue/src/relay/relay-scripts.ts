import type { Redis } from "ioredis";
import { seqOfEntryId, type RunRelayKeys } from "./relay-keys.js";
import { positionOf, type RelayPosition, type StreamEntries } from "./relay-position.js";

/**
 * Appends one batch of a run's events in one command, atomically (a reader blocked on
 * the stream wakes once, with the whole batch): KEYS[1] the stream, KEYS[2] the run's
 * hash; ARGV[1] the stream's approximate length cap, ARGV[2] the highest content index
 * written ("" for none), ARGV[3] the expiry in ms when the batch ends the stream (""
 * otherwise), ARGV[4] the writer's claim token ("" for none), then entry id and event
 * JSON pairs.
 *
 * Without a token: an entry id not above the stream's last one stops the script with
 * Redis's own error ("equal or smaller"); the entries before it stay, and nothing
 * after it is done (the end mark included). Returns `{'ok'}`.
 *
 * With a token, the run's hash keeps the highest token that wrote (`fence`):
 * - a token below it writes nothing: `{'stale', fence}`;
 * - otherwise the token becomes the fence, and the first entry is added alone first: an
 *   id not above the stream's last one (another writer wrote after the event this batch
 *   follows) writes nothing and returns where the stream stands, as the open script
 *   does, `{'moved', lastId, lastEntry, contentMax}`, for the writer to number its
 *   events after it; else the batch is written: `{'ok'}`.
 */
const APPEND_LUA = `
local events, meta = KEYS[1], KEYS[2]
local first = 5
if ARGV[4] ~= '' then
  local token = tonumber(ARGV[4])
  local fence = tonumber(redis.call('HGET', meta, 'fence') or '0')
  if token < fence then return {'stale', fence} end
  if token > fence then redis.call('HSET', meta, 'fence', ARGV[4]) end
  if #ARGV >= 6 then
    local added = redis.pcall('XADD', events, 'MAXLEN', '~', ARGV[1], ARGV[5], 'e', ARGV[6])
    if type(added) == 'table' and added.err then
      if not string.find(added.err, 'equal or smaller', 1, true) then return redis.error_reply(added.err) end
      local lastId = false
      local info = redis.call('XINFO', 'STREAM', events)
      for i = 1, #info, 2 do
        if info[i] == 'last-generated-id' then lastId = info[i + 1] break end
      end
      local last = redis.call('XREVRANGE', events, '+', '-', 'COUNT', 1)
      return {'moved', lastId, last[1] or false, redis.call('HGET', meta, 'contentMax')}
    end
    first = 7
  end
end
for i = first, #ARGV, 2 do
  redis.call('XADD', events, 'MAXLEN', '~', ARGV[1], ARGV[i], 'e', ARGV[i + 1])
end
if ARGV[2] ~= '' then redis.call('HSET', meta, 'contentMax', ARGV[2]) end
if ARGV[3] ~= '' then
  redis.call('HSET', meta, 'ended', '1')
  redis.call('PEXPIRE', events, ARGV[3])
  redis.call('PEXPIRE', meta, ARGV[3])
end
return {'ok'}
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

// Named apart from the earlier append script, whose arguments differ: a client another copy of the package defined it on keeps its own.
const APPEND = "batonRelayFencedAppend";
const ANNOUNCE = "batonRelayAnnounce";
const OPEN = "batonRelayOpen";

/** One batch for {@link RelayScripts.append}. */
export interface RelayAppend {
  /** The stream's approximate length cap. */
  readonly maxLength: number;
  /** Entry id and event JSON, alternating. */
  readonly entries: readonly string[];
  /** The highest content index written, stored as the hash's `contentMax` when given. */
  readonly contentMax?: number | undefined;
  /** Given when the batch ends the stream: it is marked ended and expires after this many ms. */
  readonly expireAfterMs?: number | undefined;
  /** The writer's claim token: the batch is fenced by it (see {@link AppendResult}). Without it, not fenced. */
  readonly token?: number | undefined;
}

/**
 * What an append did: `written`; or, for a fenced batch, nothing — `stale` (a newer
 * claim's token, `fence`, has written to the stream) or `moved` (another writer wrote
 * after the event the batch follows: `position` is where the stream stands now).
 */
export type AppendResult =
  | { readonly kind: "written" }
  | { readonly kind: "stale"; readonly fence: number }
  | { readonly kind: "moved"; readonly position: RelayPosition };

/** The relay's scripts, defined on a client by {@link relayScripts}. */
export interface RelayScripts {
  /**
   * Appends a batch to the run's stream, sets `contentMax` when given, and with
   * `expireAfterMs` marks the stream ended and starts its expiry. A batch with a token
   * is fenced: refused (`stale`) below the highest token that wrote, and not written
   * (`moved`) when another writer wrote after the event it follows.
   */
  append(keys: RunRelayKeys, batch: RelayAppend): Promise<AppendResult>;
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
/** The append script's reply. */
type AppendReply = ["ok"] | ["stale", fence: number] | ["moved", lastId: string | null, last: StreamEntries[number] | null, contentMax: string | null];
type ScriptClient = Redis & {
  [APPEND]?: ScriptCall<AppendReply>;
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
    append: async (keys, batch) => {
      // The entries go as one array (ioredis sends its items): no spread of a long batch into arguments.
      const reply = await scripted[APPEND]!(
        keys.events,
        keys.meta,
        batch.maxLength,
        batch.contentMax ?? "",
        batch.expireAfterMs ?? "",
        batch.token ?? "",
        batch.entries,
      );
      if (reply[0] === "stale") return { kind: "stale", fence: Number(reply[1]) };
      if (reply[0] === "moved") return { kind: "moved", position: positionOf(reply[1] === null ? 0 : seqOfEntryId(reply[1]), reply[2] ?? undefined, reply[3]) };
      return { kind: "written" };
    },
    announce: (keys, expireAfterMs, reopen) => scripted[ANNOUNCE]!(keys.meta, expireAfterMs, reopen ? "1" : "0"),
    open: async (keys) => {
      const [lastId, last, contentMax] = await scripted[OPEN]!(keys.events, keys.meta);
      return positionOf(lastId === null ? 0 : seqOfEntryId(lastId), last ?? undefined, contentMax);
    },
  };
}
