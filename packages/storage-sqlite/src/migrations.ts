import { latestSchemaVersion, type Migration } from "@baton/core/storage-kit";

/** @deprecated Use `Migration` (the same type, under the name every SQL adapter exports). */
export type SqliteMigration = Migration;

/**
 * Every schema step this version of `@baton/storage-sqlite` knows, oldest first. A
 * database is current when `baton_migrations` holds each of these versions and no other.
 *
 * JSON (message parts, checkpoints, tool-call journal entries, session values, archived
 * outputs, summaries, usage records) is stored as TEXT written by `JSON.stringify`, so
 * it reads back with its numbers and key order exactly as Baton wrote them.
 */
export const MIGRATIONS: readonly Migration[] = Object.freeze([
  {
    version: 1,
    name: "baton storage tables",
    sql: `
CREATE TABLE baton_conversations (
  id TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX baton_conversations_updated_at ON baton_conversations (updated_at);

CREATE TABLE baton_messages (
  conversation_id TEXT NOT NULL REFERENCES baton_conversations (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  role TEXT NOT NULL,
  parts TEXT NOT NULL,
  run_id TEXT,
  agent_path TEXT,
  user_id TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (conversation_id, seq)
) WITHOUT ROWID;

CREATE TABLE baton_summaries (
  conversation_id TEXT PRIMARY KEY REFERENCES baton_conversations (id) ON DELETE CASCADE,
  data TEXT NOT NULL
);

CREATE TABLE baton_runs (
  run_id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  lease_until INTEGER NOT NULL,
  finished INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);
CREATE INDEX baton_runs_updated_at ON baton_runs (updated_at);

CREATE TABLE baton_checkpoints (
  run_id TEXT NOT NULL REFERENCES baton_runs (run_id) ON DELETE CASCADE,
  agent_path TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (run_id, agent_path)
) WITHOUT ROWID;

CREATE TABLE baton_sessions (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  version INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX baton_sessions_updated_at ON baton_sessions (updated_at);

CREATE TABLE baton_archives (
  id TEXT PRIMARY KEY,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX baton_archives_created_at ON baton_archives (created_at);

CREATE TABLE baton_usage (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  run_id TEXT NOT NULL,
  conversation_id TEXT,
  user_id TEXT,
  recorded_at INTEGER NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX baton_usage_run_id ON baton_usage (run_id, recorded_at);
CREATE INDEX baton_usage_conversation_id ON baton_usage (conversation_id, recorded_at);
CREATE INDEX baton_usage_user_id ON baton_usage (user_id, recorded_at);
CREATE INDEX baton_usage_recorded_at ON baton_usage (recorded_at);
`,
  },
  {
    version: 2,
    name: "fencing tokens and the tool-call journal",
    // Existing runs get token 1: the token their claim would have had. A journal row's
    // `position` is one more than the run's highest when its call is first written (an
    // upsert keeps it), so the journal reads back in first-written order.
    sql: `
ALTER TABLE baton_runs ADD COLUMN token INTEGER NOT NULL DEFAULT 1;

CREATE TABLE baton_tool_calls (
  run_id TEXT NOT NULL REFERENCES baton_runs (run_id) ON DELETE CASCADE,
  tool_call_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (run_id, tool_call_id)
);
CREATE UNIQUE INDEX baton_tool_calls_position ON baton_tool_calls (run_id, position);
`,
  },
]);

/** The schema version this package needs: the newest of {@link MIGRATIONS}. */
export const SCHEMA_VERSION: number = latestSchemaVersion(MIGRATIONS);
