/*
 * The Lua scripts behind every multi-key or check-and-write operation. Redis runs a
 * script atomically, so each is one consistent step for every client. Values are
 * passed through as the JSON text JavaScript wrote (never decoded and re-encoded in
 * Lua, whose cjson would lose precision and key order); times and leases are passed
 * as decimal strings and compared with `tonumber`.
 */

/**
 * KEYS: messages list, conversations-by-time. ARGV: conversation id, now, expected
 * version (`""`: none), then the messages' JSON.
 * Returns `{1, countBefore}` when appended, `{0, count}` on a version mismatch.
 */
export const APPEND_MESSAGES = `
local count = redis.call('LLEN', KEYS[1])
if ARGV[3] ~= '' and tonumber(ARGV[3]) ~= count then return {0, count} end
local last = #ARGV
local first = 4
while first <= last do
  local stop = math.min(first + 999, last)
  redis.call('RPUSH', KEYS[1], unpack(ARGV, first, stop))
  first = stop + 1
end
if last >= 4 then redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1]) end
return {1, count}
`;

/**
 * KEYS: run hash, checkpoints hash, runs-by-time. ARGV: run id, owner, now, leaseUntil.
 * Returns `{"claimed", checkpointJson | nil, agentPath | nil, previousOwner | nil}`
 * (the previous owner when the claim took the run over from another), `{"finished"}`
 * or `{"held", owner, leaseUntil}`. The run's checkpoint is the hash's one field; of
 * several (data of an earlier release, one field per agent), the first agent path in
 * order: the root's, a prefix of its nested agents' paths.
 */
export const CLAIM_RUN = `
local run = redis.call('HMGET', KEYS[1], 'owner', 'leaseUntil', 'finished')
if not run[1] then
  redis.call('HSET', KEYS[1], 'owner', ARGV[2], 'leaseUntil', ARGV[4])
  redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
  return {'claimed'}
end
if run[3] == '1' then return {'finished'} end
if run[1] ~= ARGV[2] and (tonumber(run[2]) or 0) > tonumber(ARGV[3]) then return {'held', run[1], run[2]} end
redis.call('HSET', KEYS[1], 'owner', ARGV[2], 'leaseUntil', ARGV[4])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
local previous = false
if run[1] ~= ARGV[2] then previous = run[1] end
local path = nil
for _, field in ipairs(redis.call('HKEYS', KEYS[2])) do
  if path == nil or field < path then path = field end
end
if path then return {'claimed', redis.call('HGET', KEYS[2], path), path, previous} end
return {'claimed', false, false, previous}
`;

/**
 * KEYS: run hash, checkpoints hash, runs-by-time. ARGV: run id, owner, now,
 * leaseUntil, root agent path, checkpoint JSON, `"1"` when it finishes the run.
 * The checkpoint replaces the run's (the hash is rewritten with one field).
 * Returns `{"ok"}`, or `{"lost"}` / `{"lost", currentOwner}` when `owner` does not hold the run.
 */
export const SAVE_CHECKPOINT = `
local run = redis.call('HMGET', KEYS[1], 'owner', 'finished')
if not run[1] or run[2] == '1' then return {'lost'} end
if run[1] ~= ARGV[2] then return {'lost', run[1]} end
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
 * each record's index keys in order. ARGV: record count, then per record: JSON,
 * recordedAt, number of index keys, index keys as a JSON array.
 * Returns the last usage id handed out.
 */
export const RECORD_USAGE = `
local n = tonumber(ARGV[1])
local last = redis.call('INCRBY', KEYS[3], n)
local id = last - n
local k = 5
local a = 2
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
return last
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
