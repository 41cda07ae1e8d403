import { statement, tablesIn, type Statement } from "./sql.js";

/** Every statement the storage runs against one schema, built once per storage. */
export interface Statements {
  readonly appendAny: Statement;
  readonly appendToNew: Statement;
  readonly appendAtVersion: Statement;
  /** The appends under a run's fence: each returns one row, `fenced` (1 when the fence held) and `version` (null when nothing was appended). */
  readonly fencedAppendAny: Statement;
  readonly fencedAppendToNew: Statement;
  readonly fencedAppendAtVersion: Statement;
  readonly conversationVersion: Statement;
  readonly loadMessages: Statement;
  readonly createRun: Statement;
  readonly takeRun: Statement;
  readonly runState: Statement;
  readonly saveCheckpoint: Statement;
  readonly saveCheckpointWithJournal: Statement;
  readonly loadCheckpoint: Statement;
  readonly writeToolJournal: Statement;
  readonly loadToolJournal: Statement;
  readonly loadSession: Statement;
  readonly saveSessionAny: Statement;
  readonly saveSessionNew: Statement;
  readonly saveSessionAtVersion: Statement;
  readonly sessionVersion: Statement;
  readonly archive: Statement;
  readonly loadArchive: Statement;
  readonly saveSummary: Statement;
  readonly fencedSaveSummary: Statement;
  readonly loadSummary: Statement;
  readonly recordUsage: Statement;
  readonly fencedRecordUsage: Statement;
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
  // The fence of a run's write, on parameters $run (run id) and $token: the run's row
  // while its token is the fence's, share-locked until the statement commits. A claim's
  // UPDATE of the row waits for the write to commit; a write that waited for a claim
  // re-reads the row (READ COMMITTED's recheck) and finds the new token: so a takeover
  // never comes between the check and the write. The write's rows are selected FROM f:
  // when the fence does not hold, nothing is written.
  const fence = (run: number, token: number): string => `f AS MATERIALIZED (SELECT id FROM ${t.runs} WHERE id = $${run} AND token = $${token}::int FOR SHARE)`;
  // A checkpoint's save, $1 run id, $2 token, $3 lease until, $4 now, $5 finishes, $6 agent path,
  // $7 data: the run's row renewed while the claim holds (its token, not finished), its one
  // checkpoint replaced; `more` adds CTEs that write from r. Returns whether the claim held.
  const saveCheckpoint = (more: string): string => `
      WITH r AS (
        UPDATE ${t.runs} SET lease_until = $3, last_activity = $4, finished = $5::boolean
        WHERE id = $1 AND token = $2::int AND NOT finished
        RETURNING id
      )${more}, gone AS (
        DELETE FROM ${t.checkpoints} WHERE run_id IN (SELECT id FROM r) AND agent_path <> $6
      ), cp AS (
        INSERT INTO ${t.checkpoints} (run_id, agent_path, data) SELECT r.id, $6, $7 FROM r
        ON CONFLICT (run_id, agent_path) DO UPDATE SET data = EXCLUDED.data
      )
      SELECT count(*)::int AS saved FROM r`;
  // What a fenced write returns: whether the fence held.
  const fenceHeld = "SELECT count(*)::int AS fenced FROM f";
  // $1 id, $2 count, $3 now, $4..$8 role, parts, run_id, agent_path, user_id arrays.
  const insertMessages = `
    m AS (
      INSERT INTO ${t.messages} (conversation_id, seq, role, parts, run_id, agent_path, user_id, created_at)
      SELECT $1, (c.version - $2::int + x.ord)::int, x.role, x.parts, x.run_id, x.agent_path, x.user_id, $3
      FROM c, unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) WITH ORDINALITY AS x(role, parts, run_id, agent_path, user_id, ord)
      ORDER BY x.ord
    )`;
  // The conversation's row, created or updated by an append (its row lock orders concurrent appends).
  const upsertConversation = (source: string, onConflict: "add" | "nothing"): string => `
    c AS (
      INSERT INTO ${t.conversations} AS conv (id, version, last_activity) ${source}
      ON CONFLICT (id) DO ${onConflict === "add" ? "UPDATE SET version = conv.version + EXCLUDED.version, last_activity = EXCLUDED.last_activity" : "NOTHING"}
      RETURNING conv.version
    )`;
  // $9 the expected version; with `fenced`, only while the fence holds.
  const updateConversation = (fenced: boolean): string => `
    c AS (
      UPDATE ${t.conversations} AS conv SET version = conv.version + $2::int, last_activity = $3
      ${fenced ? "FROM f " : ""}WHERE conv.id = $1 AND conv.version = $9::int
      RETURNING conv.version
    )`;
  const newRow = "VALUES ($1, $2::int, $3)";
  const newRowIfFenced = "SELECT $1, $2::int, $3 FROM f";
  const appended = "SELECT version FROM c";
  const fencedAppended = "SELECT (SELECT count(*) FROM f)::int AS fenced, (SELECT version FROM c) AS version";
  // $1..$5 run ids, conversation ids, user ids, times, records (JSON).
  const usageRows = `
        SELECT x.run_id, x.conversation_id, x.user_id, x.recorded_at, x.data
        FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::text[]) WITH ORDINALITY AS x(run_id, conversation_id, user_id, recorded_at, data, ord)`;
  return {
    // $1 id, $2 count, $3 now, $4..$8 the messages' columns, [$9 expected version].
    appendAny: statement(`WITH ${upsertConversation(newRow, "add")}, ${insertMessages} ${appended}`),
    appendToNew: statement(`WITH ${upsertConversation(newRow, "nothing")}, ${insertMessages} ${appended}`),
    appendAtVersion: statement(`WITH ${updateConversation(false)}, ${insertMessages} ${appended}`),
    // The same under a fence: $9, $10 (at a version: $10, $11) the fence's run id and token.
    fencedAppendAny: statement(`WITH ${fence(9, 10)}, ${upsertConversation(newRowIfFenced, "add")}, ${insertMessages} ${fencedAppended}`),
    fencedAppendToNew: statement(`WITH ${fence(9, 10)}, ${upsertConversation(newRowIfFenced, "nothing")}, ${insertMessages} ${fencedAppended}`),
    fencedAppendAtVersion: statement(`WITH ${fence(10, 11)}, ${updateConversation(true)}, ${insertMessages} ${fencedAppended}`),
    conversationVersion: statement(`SELECT version FROM ${t.conversations} WHERE id = $1`),
    loadMessages: statement(`
      SELECT seq, role, parts, run_id, agent_path, user_id, created_at FROM ${t.messages}
      WHERE conversation_id = $1 AND seq > $2::int AND seq <= $3::int
      ORDER BY seq`),
    // $1 id, $2 owner, $3 lease until, $4 now. A new run's claim has token 1.
    createRun: statement(`
      INSERT INTO ${t.runs} (id, owner, lease_until, finished, last_activity, token) VALUES ($1, $2, $3, false, $4, 1)
      ON CONFLICT (id) DO NOTHING
      RETURNING token`),
    // The owner before the update is read from the statement's snapshot (`before`). The
    // token is decided on the row the update locked: kept when its holder renews, one more
    // when another owner takes the run over.
    takeRun: statement(`
      WITH before AS (SELECT owner FROM ${t.runs} WHERE id = $1)
      UPDATE ${t.runs} SET owner = $2, lease_until = $3, last_activity = $4, token = CASE WHEN owner = $2 THEN token ELSE token + 1 END
      WHERE id = $1 AND NOT finished AND (owner = $2 OR lease_until <= $4)
      RETURNING token, (${runCheckpoint("agent_path")}) AS checkpoint_path, (${runCheckpoint("data")}) AS checkpoint,
        (SELECT NULLIF(before.owner, $2) FROM before) AS previous_owner`),
    runState: statement(`SELECT owner, lease_until, finished, token FROM ${t.runs} WHERE id = $1`),
    // $1 run id, $2 token, $3 lease until, $4 now, $5 finishes, $6 agent path, $7 data.
    // Fenced by token: the run's row is updated only while the claim's token is its own
    // (the UPDATE locks the row, so no claim comes between). The run keeps one
    // checkpoint: the rows of other agent paths go (`gone`).
    saveCheckpoint: statement(saveCheckpoint("")),
    // $8 tool-call ids, $9 entries (JSON): the journal's upserts (as writeToolJournal's) from the
    // run's row that the checkpoint's UPDATE returned: when the claim does not hold, neither is written.
    saveCheckpointWithJournal: statement(
      saveCheckpoint(`, w AS (
        INSERT INTO ${t.toolCalls} (run_id, tool_call_id, data)
        SELECT r.id, x.tool_call_id, x.data
        FROM r, unnest($8::text[], $9::text[]) WITH ORDINALITY AS x(tool_call_id, data, ord)
        ORDER BY x.ord
        ON CONFLICT (run_id, tool_call_id) DO UPDATE SET data = EXCLUDED.data
      )`),
    ),
    loadCheckpoint: statement(`SELECT agent_path, data FROM ${t.checkpoints} WHERE run_id = $1 ORDER BY agent_path COLLATE "C" LIMIT 1`),
    // $1 run id, $2 token, $3 tool-call ids, $4 entries (JSON). One upsert per call under the
    // fence: a new call's row takes the next `position` (in the entries' order), an existing
    // call's row keeps its own.
    writeToolJournal: statement(`
      WITH ${fence(1, 2)}, w AS (
        INSERT INTO ${t.toolCalls} (run_id, tool_call_id, data)
        SELECT f.id, x.tool_call_id, x.data
        FROM f, unnest($3::text[], $4::text[]) WITH ORDINALITY AS x(tool_call_id, data, ord)
        ORDER BY x.ord
        ON CONFLICT (run_id, tool_call_id) DO UPDATE SET data = EXCLUDED.data
      )
      ${fenceHeld}`),
    loadToolJournal: statement(`SELECT tool_call_id, data FROM ${t.toolCalls} WHERE run_id = $1 ORDER BY position`),
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
    // $1 conversation id, $2 data, $3, $4 the fence's run id and token.
    fencedSaveSummary: statement(`
      WITH ${fence(3, 4)}, s AS (
        INSERT INTO ${t.summaries} (conversation_id, data) SELECT $1::text, $2::text FROM f
        ON CONFLICT (conversation_id) DO UPDATE SET data = EXCLUDED.data
      )
      ${fenceHeld}`),
    loadSummary: statement(`SELECT data FROM ${t.summaries} WHERE conversation_id = $1`),
    recordUsage: statement(`
      INSERT INTO ${t.usage} (run_id, conversation_id, user_id, recorded_at, data)
      ${usageRows}
      ORDER BY x.ord`),
    // The same under a fence: $6, $7 the fence's run id and token.
    fencedRecordUsage: statement(`
      WITH ${fence(6, 7)}, u AS (
        INSERT INTO ${t.usage} (run_id, conversation_id, user_id, recorded_at, data)
        ${usageRows}, f
        ORDER BY x.ord
      )
      ${fenceHeld}`),
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
      // A run's journal rows go with it (ON DELETE CASCADE).
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
