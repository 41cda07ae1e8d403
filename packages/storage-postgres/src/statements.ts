import { statement, tablesIn, type Statement } from "./sql.js";

/** Every statement the storage runs against one schema, built once per storage. */
export interface Statements {
  readonly appendAny: Statement;
  readonly appendToNew: Statement;
  readonly appendAtVersion: Statement;
  readonly conversationVersion: Statement;
  readonly loadMessages: Statement;
  readonly createRun: Statement;
  readonly takeRun: Statement;
  readonly runState: Statement;
  readonly saveCheckpoint: Statement;
  readonly loadCheckpoint: Statement;
  readonly loadSession: Statement;
  readonly saveSessionAny: Statement;
  readonly saveSessionNew: Statement;
  readonly saveSessionAtVersion: Statement;
  readonly sessionVersion: Statement;
  readonly archive: Statement;
  readonly loadArchive: Statement;
  readonly saveSummary: Statement;
  readonly loadSummary: Statement;
  readonly recordUsage: Statement;
  readonly queryUsage: Statement;
  readonly prune: Readonly<Record<"conversations" | "runs" | "sessions" | "archives" | "usage", Statement>>;
}

/** The statements for the tables of `schema`. */
export function statementsFor(schema: string): Statements {
  const t = tablesIn(schema);
  // A column of run $1's checkpoint. A save leaves one row; of several (a database written
  // by an earlier release, one row per agent), the first agent path in byte order: the
  // root's, a prefix of its nested agents' paths.
  const runCheckpoint = (column: "agent_path" | "data"): string =>
    `SELECT ${column} FROM ${t.checkpoints} WHERE run_id = $1 ORDER BY agent_path COLLATE "C" LIMIT 1`;
  // $1 id, $2 count, $3 now, $4..$8 role, parts, run_id, agent_path, user_id arrays, [$9 expected version].
  const insertMessages = `
    m AS (
      INSERT INTO ${t.messages} (conversation_id, seq, role, parts, run_id, agent_path, user_id, created_at)
      SELECT $1, (c.version - $2::int + x.ord)::int, x.role, x.parts, x.run_id, x.agent_path, x.user_id, $3
      FROM c, unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) WITH ORDINALITY AS x(role, parts, run_id, agent_path, user_id, ord)
      ORDER BY x.ord
    )
    SELECT version FROM c`;
  return {
    appendAny: statement(`
      WITH c AS (
        INSERT INTO ${t.conversations} AS conv (id, version, last_activity) VALUES ($1, $2::int, $3)
        ON CONFLICT (id) DO UPDATE SET version = conv.version + EXCLUDED.version, last_activity = EXCLUDED.last_activity
        RETURNING conv.version
      ), ${insertMessages}`),
    appendToNew: statement(`
      WITH c AS (
        INSERT INTO ${t.conversations} AS conv (id, version, last_activity) VALUES ($1, $2::int, $3)
        ON CONFLICT (id) DO NOTHING
        RETURNING conv.version
      ), ${insertMessages}`),
    appendAtVersion: statement(`
      WITH c AS (
        UPDATE ${t.conversations} SET version = version + $2::int, last_activity = $3
        WHERE id = $1 AND version = $9::int
        RETURNING version
      ), ${insertMessages}`),
    conversationVersion: statement(`SELECT version FROM ${t.conversations} WHERE id = $1`),
    loadMessages: statement(`
      SELECT seq, role, parts, run_id, agent_path, user_id, created_at FROM ${t.messages}
      WHERE conversation_id = $1 AND seq > $2::int AND seq <= $3::int
      ORDER BY seq`),
    // $1 id, $2 owner, $3 lease until, $4 now.
    createRun: statement(`
      INSERT INTO ${t.runs} (id, owner, lease_until, finished, last_activity) VALUES ($1, $2, $3, false, $4)
      ON CONFLICT (id) DO NOTHING
      RETURNING id`),
    // The owner before the update is read from the statement's snapshot (`before`).
    takeRun: statement(`
      WITH before AS (SELECT owner FROM ${t.runs} WHERE id = $1)
      UPDATE ${t.runs} SET owner = $2, lease_until = $3, last_activity = $4
      WHERE id = $1 AND NOT finished AND (owner = $2 OR lease_until <= $4)
      RETURNING (${runCheckpoint("agent_path")}) AS checkpoint_path, (${runCheckpoint("data")}) AS checkpoint,
        (SELECT NULLIF(before.owner, $2) FROM before) AS previous_owner`),
    runState: statement(`SELECT owner, lease_until, finished FROM ${t.runs} WHERE id = $1`),
    // $1 run id, $2 owner, $3 lease until, $4 now, $5 finishes, $6 agent path, $7 data.
    // The run keeps one checkpoint: the rows of other agent paths go (`gone`).
    saveCheckpoint: statement(`
      WITH r AS (
        UPDATE ${t.runs} SET lease_until = $3, last_activity = $4, finished = $5::boolean
        WHERE id = $1 AND owner = $2 AND NOT finished
        RETURNING id
      ), gone AS (
        DELETE FROM ${t.checkpoints} WHERE run_id IN (SELECT id FROM r) AND agent_path <> $6
      ), cp AS (
        INSERT INTO ${t.checkpoints} (run_id, agent_path, data) SELECT r.id, $6, $7 FROM r
        ON CONFLICT (run_id, agent_path) DO UPDATE SET data = EXCLUDED.data
      )
      SELECT count(*)::int AS saved FROM r`),
    loadCheckpoint: statement(`SELECT agent_path, data FROM ${t.checkpoints} WHERE run_id = $1 ORDER BY agent_path COLLATE "C" LIMIT 1`),
    loadSession: statement(`SELECT value, version, updated_at FROM ${t.sessions} WHERE key = $1`),
    // $1 key, $2 value, $3 now, [$4 expected version].
    saveSessionAny: statement(`
      INSERT INTO ${t.sessions} AS s (key, value, version, updated_at) VALUES ($1, $2, 1, $3)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, version = s.version + 1, updated_at = EXCLUDED.updated_at
      RETURNING s.version`),
    saveSessionNew: statement(`
      INSERT INTO ${t.sessions} (key, value, version, updated_at) VALUES ($1, $2, 1, $3)
      ON CONFLICT (key) DO NOTHING
      RETURNING version`),
    saveSessionAtVersion: statement(`
      UPDATE ${t.sessions} SET value = $2, version = version + 1, updated_at = $3
      WHERE key = $1 AND version = $4::int
      RETURNING version`),
    sessionVersion: statement(`SELECT version FROM ${t.sessions} WHERE key = $1`),
    archive: statement(`
      INSERT INTO ${t.toolOutputs} (id, data, created_at) VALUES ($1, $2, $3)
      ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, created_at = EXCLUDED.created_at`),
    loadArchive: statement(`SELECT data FROM ${t.toolOutputs} WHERE id = $1`),
    saveSummary: statement(`
      INSERT INTO ${t.summaries} (conversation_id, data) VALUES ($1, $2)
      ON CONFLICT (conversation_id) DO UPDATE SET data = EXCLUDED.data`),
    loadSummary: statement(`SELECT data FROM ${t.summaries} WHERE conversation_id = $1`),
    recordUsage: statement(`
      INSERT INTO ${t.usage} (run_id, conversation_id, user_id, recorded_at, data)
      SELECT x.run_id, x.conversation_id, x.user_id, x.recorded_at, x.data
      FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::text[]) WITH ORDINALITY AS x(run_id, conversation_id, user_id, recorded_at, data, ord)
      ORDER BY x.ord`),
    queryUsage: statement(`
      SELECT id, data FROM ${t.usage}
      WHERE ($1::text IS NULL OR run_id = $1)
        AND ($2::text IS NULL OR conversation_id = $2)
        AND ($3::text IS NULL OR user_id = $3)
        AND ($4::float8 IS NULL OR recorded_at >= $4)
        AND ($5::float8 IS NULL OR recorded_at < $5)
      ORDER BY recorded_at, id`),
    prune: {
      conversations: statement(`
        WITH gone AS (DELETE FROM ${t.conversations} WHERE last_activity < $1 RETURNING id),
        m AS (DELETE FROM ${t.messages} WHERE conversation_id IN (SELECT id FROM gone)),
        s AS (DELETE FROM ${t.summaries} WHERE conversation_id IN (SELECT id FROM gone))
        SELECT count(*)::int AS deleted FROM gone`),
      runs: statement(`
        WITH gone AS (DELETE FROM ${t.runs} WHERE last_activity < $1 RETURNING id),
        cp AS (DELETE FROM ${t.checkpoints} WHERE run_id IN (SELECT id FROM gone))
        SELECT count(*)::int AS deleted FROM gone`),
      sessions: statement(`WITH gone AS (DELETE FROM ${t.sessions} WHERE updated_at < $1 RETURNING 1) SELECT count(*)::int AS deleted FROM gone`),
      archives: statement(`WITH gone AS (DELETE FROM ${t.toolOutputs} WHERE created_at < $1 RETURNING 1) SELECT count(*)::int AS deleted FROM gone`),
      usage: statement(`WITH gone AS (DELETE FROM ${t.usage} WHERE recorded_at < $1 RETURNING 1) SELECT count(*)::int AS deleted FROM gone`),
    },
  };
}
