/*
 * The Lua scripts behind every multi-key or check-and-write operation. Redis runs a
 * script atomically, so each is one consistent step for every client. Values are
 * passed through as the JSON text JavaScript wrote (never decoded and re-encoded in
 * Lua, whose cjson would lose precision and key order); times and leases are passed
 * as decimal strings and compared with `tonumber`; fencing tokens are written as
 * decimal text and compared as text.
 */

/**
 * The fence check the fenced scripts start with (a Lua function, prepended to each):
 * `fenceRefusal(runKey, token)` reads the run hash and returns `nil` when the run
 * exists and its token (`token` field; a hash without it, written by an earlier
 * release, holds token 1) equals `token`, whether or not the run has finished;
 * otherwise the script's refusal, `{"lost", owner}` (the run's owner, when it is
 * unfinished) or `{"lost"}` (unknown or finished run). Tokens are compared as the
 * decimal text both sides write (`string.format('%d')`, `String(token)`).
 */
const FENCE_CHECK = `
local function fenceRefusal(runKey, token)
  local run = redis.call('HMGET', runKey, 'owner', 'finished', 'token')
  if not run[1] then return {'lost'} end
  if (run[3] or '1') == token then return nil end
  if run[2] == '1' then return {'lost'} end
  return {'lost', run[1]}
end
`;

/**
 * KEYS: messages list, conversations-by-time, then the fence's run hash when fenced.
 * ARGV: conversation id, now, expected version (`""`: none), fence token (`""`: no
 * fence), then the messages' JSON. Fence check, version check and append in one step.
 * Returns `{"ok", countBefore}` when appended (or, with no messages, checked),
 * `{"conflict", count}` on a version mismatch, or the fence's `{"lost", owner?}`.
 */
export const APPEND_MESSAGES = `${FENCE_CHECK}
if ARGV[4] ~= '' then
  local refusal = fenceRefusal(KEYS[3], ARGV[4])
  if refusal then return refusal end
end
local count = redis.call('LLEN', KEYS[1])
if ARGV[3] ~= '' and tonumber(ARGV[3]) ~= count then return {'conflict', count} end
local last = #ARGV
local first = 5
while first <= last do
  local stop = math.min(first + 999, last)
  redis.call('RPUSH', KEYS[1], unpack(ARGV, first, stop))
  first = stop + 1
end
if last >= 5 then redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1]) end
return {'ok', count}
`;

/**
 * KEYS: run hash, checkpoints hash, runs-by-time. ARGV: run id, owner, now, leaseUntil.
 * Returns `{"claimed", token, checkpointJson | nil, agentPath | nil, previousOwner | nil}`
 * (the previous owner when the claim took the run over from another), `{"finished"}`
 * or `{"held", owner, leaseUntil}`. The fencing token: `1` for a new run; the stored
 * one when the owner renews its own claim (also after its lease ran out, since nobody
 * else claimed the run meanwhile); one more on a takeover by another owner. A run
 * hash without a token (an earlier release's) holds token 1, and gets the field. The
 * run's checkpoint is the checkpoints hash's one field; of several (data of an earlier
 * release, one field per agent), the first agent path in order: the root's, a prefix
 * of its nested agents' paths.
 */
export const CLAIM_RUN = `
local run = redis.call('HMGET', KEYS[1], 'owner', 'leaseUntil', 'finished', 'token')
if not run[1] then
  redis.call('HSET', KEYS[1], 'owner', ARGV[2], 'leaseUntil', ARGV[4], 'token', '1')
  redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
  return {'claimed', '1'}
end
if run[3] == '1' then return {'finished'} end
if run[1] ~= ARGV[2] and (tonumber(run[2]) or 0) > tonumber(ARGV[3]) then return {'held', run[1], run[2]} end
local token = run[4] or '1'
local previous = false
if run[1] ~= ARGV[2] then
  previous = run[1]
  token = string.format('%d', (tonumber(token) or 1) + 1)
end
redis.call('HSET', KEYS[1], 'owner', ARGV[2], 'leaseUntil', ARGV[4], 'token', token)
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
local path = nil
for _, field in ipairs(redis.call('HKEYS', KEYS[2])) do
  if path == nil or field < path then path = field end
end
if path then return {'claimed', token, redis.call('HGET', KEYS[2], path), path, previous} end
return {'claimed', token, false, false, previous}
`;

/** The writes of a checkpoint's save once its claim is checked (KEYS and ARGV as {@link SAVE_CHECKPOINT}'s). */
const SAVE_CHECKPOINT_WRITES = `
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[2], ARGV[5], ARGV[6])
if ARGV[7] == '1' then
  redis.call('HSET', KEYS[1], 'leaseUntil', ARGV[4], 'finished', '1')
else
  redis.call('HSET', KEYS[1], 'leaseUntil', ARGV[4])
end
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
return {'ok'}
`;

/** A checkpoint's claim check: the run exists, is unfinished, and its token (1 when the hash has none) is the claim's (ARGV[2]). */
const CHECKPOINT_CLAIM_CHECK = `
local run = redis.call('HMGET', KEYS[1], 'owner', 'finished', 'token')
if not run[1] or run[2] == '1' then return {'lost'} end
if (run[3] or '1') ~= ARGV[2] then return {'lost', run[1]} end
`;

/**
 * KEYS: run hash, checkpoints hash, runs-by-time. ARGV: run id, claim token, now,
 * leaseUntil, root agent path, checkpoint JSON, `"1"` when it finishes the run.
 * Saved only when the run exists, is unfinished and its token (1 when the hash has
 * none) equals the claim's; the checkpoint then replaces the run's (the hash is
 * rewritten with one field) and the lease is renewed (the owner stays).
 * Returns `{"ok"}`, or `{"lost"}` (unknown or finished run) / `{"lost", currentOwner}`.
 */
export const SAVE_CHECKPOINT = `${CHECKPOINT_CLAIM_CHECK}${SAVE_CHECKPOINT_WRITES}`;

/**
 * KEYS: as {@link SAVE_CHECKPOINT}'s, then the journal hash and the journal order list.
 * ARGV: as {@link SAVE_CHECKPOINT}'s, then per entry: tool-call id, entry JSON. The
 * checkpoint's claim check, then each entry upserted (as {@link WRITE_TOOL_JOURNAL}
 * does), then the checkpoint saved: all or none. Returns as {@link SAVE_CHECKPOINT}.
 */
export const SAVE_CHECKPOINT_WITH_JOURNAL = `${CHECKPOINT_CLAIM_CHECK}
for a = 8, #ARGV, 2 do
  if redis.call('HSET', KEYS[4], ARGV[a], ARGV[a + 1]) == 1 then redis.call('RPUSH', KEYS[5], ARGV[a]) end
end
${SAVE_CHECKPOINT_WRITES}`;

/**
 * KEYS: run hash, journal hash, journal order list. ARGV: fence token, then per
 * entry: tool-call id, entry JSON. Fence check, then each entry upserted: a new call's
 * id is appended to the order list, an existing call's entry is replaced in place
 * (its position kept). Returns `{"ok"}` or the fence's `{"lost", owner?}` (nothing written).
 */
export const WRITE_TOOL_JOURNAL = `${FENCE_CHECK}
local refusal = fenceRefusal(KEYS[1], ARGV[1])
if refusal then return refusal end
for a = 2, #ARGV, 2 do
  if redis.call('HSET', KEYS[2], ARGV[a], ARGV[a + 1]) == 1 then redis.call('RPUSH', KEYS[3], ARGV[a]) end
end
return {'ok'}
`;

/**
 * KEYS: summary key, then the fence's run hash when fenced. ARGV: fence token (`""`:
 * no fence), summary JSON. Returns `{"ok"}` or the fence's `{"lost", owner?}` (nothing written).
 */
export const SAVE_SUMMARY = `${FENCE_CHECK}
if ARGV[1] ~= '' then
  local refusal = fenceRefusal(KEYS[2], ARGV[1])
  if refusal then return refusal end
end
redis.call('SET', KEYS[1], ARGV[2])
return {'ok'}
`;

/**
 * KEYS: session hash, sessions-by-time. ARGV: session key, now, expected version
 * (`""`: none), record JSON. Returns `{1, newVersion}`, or `{0, currentVersion}` on a
 * version mismatch.
 */
export const SAVE_SESSION = `
local current = tonumber(redis.call('HGET', KEYS[1], 'version') or '0') or 0
if ARGV[3] ~= '' and tonumber(ARGV[3]) ~= current then return {0, current} end
local version = current + 1
redis.call('HSET', KEYS[1], 'version', string.format('%d', version), 'record', ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
return {1, version}
`;

/**
 * KEYS: usage records hash, usage refs hash, usage id counter, usage-by-time, then
 * each record's index keys in order, then the fence's run hash when fenced. ARGV:
 * record count, fence token (`""`: no fence), then per record: JSON, recordedAt,
 * number of index keys, index keys as a JSON array.
 * Returns `{"ok", lastUsageId}`, or the fence's `{"lost", owner?}` (nothing recorded).
 */
export const RECORD_USAGE = `${FENCE_CHECK}
if ARGV[2] ~= '' then
  local refusal = fenceRefusal(KEYS[#KEYS], ARGV[2])
  if refusal then return refusal end
end
local n = tonumber(ARGV[1])
if n == 0 then return {'ok', 0} end
local last = redis.call('INCRBY', KEYS[3], n)
local id = last - n
local k = 5
local a = 3
for i = 1, n do
  id = id + 1
  local member = string.format('%016d', id)
  local score = ARGV[a + 1]
  local indexes = tonumber(ARGV[a + 2])
  redis.call('HSET', KEYS[1], member, ARGV[a])
  redis.call('HSET', KEYS[2], member, ARGV[a + 3])
  redis.call('ZADD', KEYS[4], score, member)
  for j = 1, indexes do
    redis.call('ZADD', KEYS[k], score, member)
    k = k + 1
  end
  a = a + 4
end
return {'ok', last}
`;

/**
 * KEYS: a by-time index, then each member's keys in order. ARGV: olderThan, then per
 * member: member, number of keys. Deletes each member still older than `olderThan`
 * (a concurrent write may have refreshed it) with its keys. Returns how many.
 */
export const PRUNE_KEYS = `
local older = tonumber(ARGV[1])
local count = 0
local k = 2
local a = 2
while a <= #ARGV do
  local member = ARGV[a]
  local n = tonumber(ARGV[a + 1])
  local score = redis.call('ZSCORE', KEYS[1], member)
  if score and tonumber(score) < older then
    redis.call('ZREM', KEYS[1], member)
    for j = 0, n - 1 do redis.call('DEL', KEYS[k + j]) end
    count = count + 1
  end
  k = k + n
  a = a + 2
end
return count
`;

/**
 * KEYS: usage-by-time, usage records hash, usage refs hash, then each id's index keys
 * in order. ARGV: olderThan, then per usage id: id, number of index keys. Returns how
 * many records were deleted.
 */
export const PRUNE_USAGE = `
local older = tonumber(ARGV[1])
local count = 0
local k = 4
local a = 2
while a <= #ARGV do
  local member = ARGV[a]
  local n = tonumber(ARGV[a + 1])
  local score = redis.call('ZSCORE', KEYS[1], member)
  if score and tonumber(score) < older then
    redis.call('ZREM', KEYS[1], member)
    redis.call('HDEL', KEYS[2], member)
    redis.call('HDEL', KEYS[3], member)
    for j = 0, n - 1 do redis.call('ZREM', KEYS[k + j], member) end
    count = count + 1
  end
  k = k + n
  a = a + 2
end
return count
`;
