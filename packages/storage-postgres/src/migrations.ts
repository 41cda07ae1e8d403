import { latestSchemaVersion, type Migration } from "@baton/core/storage-kit";

/*
 * JSON is stored as `text`, never `jsonb`: jsonb reorders keys and drops duplicate
 * ones, and Baton promises to give back exactly what it wrote. Times are epoch
 * milliseconds in `double precision` (every JS number round-trips exactly).
 */
const INITIAL = `
CREATE TABLE baton_conversations (
  id text PRIMARY KEY,
  version integer NOT NULL,
  last_activity double precision NOT NULL
);
CREATE INDEX baton_conversations_last_activity ON baton_conversations (last_activity);

CREATE TABLE baton_messages (
  conversation_id text NOT NULL,
  seq integer NOT NULL,
  role text NOT NULL,
  parts text NOT NULL,
  run_id text,
  agent_path text,
  user_id text,
  created_at double precision NOT NULL,
  PRIMARY KEY (conversation_id, seq)
);

CREATE TABLE baton_summaries (
  conversation_id text PRIMARY KEY,
  data text NOT NULL
);

CREATE TABLE baton_runs (
  id text PRIMARY KEY,
  owner text NOT NULL,
  lease_until double precision NOT NULL,
  finished boolean NOT NULL DEFAULT false,
  last_activity double precision NOT NULL
);
CREATE INDEX baton_runs_last_activity ON baton_runs (last_activity);

CREATE TABLE baton_checkpoints (
  run_id text NOT NULL,
  agent_path text NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (run_id, agent_path)
);

CREATE TABLE baton_sessions (
  key text PRIMARY KEY,
  value text NOT NULL,
  version integer NOT NULL,
  updated_at double precision NOT NULL
);
CREATE INDEX baton_sessions_updated_at ON baton_sessions (updated_at);

CREATE TABLE baton_tool_outputs (
  id text PRIMARY KEY,
  data text NOT NULL,
  created_at double precision NOT NULL
);
CREATE INDEX baton_tool_outputs_created_at ON baton_tool_outputs (created_at);

CREATE TABLE baton_usage (
  id bigserial PRIMARY KEY,
  run_id text NOT NULL,
  conversation_id text,
  user_id text,
  recorded_at double precision NOT NULL,
  data text NOT NULL
);
CREATE INDEX baton_usage_run ON baton_usage (run_id);
CREATE INDEX baton_usage_conversation ON baton_usage (conversation_id) WHERE conversation_id IS NOT NULL;
CREATE INDEX baton_usage_user ON baton_usage (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX baton_usage_recorded_at ON baton_usage (recorded_at, id);
`;

/*
 * Fencing tokens and the tool-call journal. Existing runs get token 1 (a constant
 * default: no table rewrite). A journal row's `position` comes from a sequence when its
 * call is first written (an upsert keeps it), so the journal reads back in first-written
 * order; its rows go with their run (`ON DELETE CASCADE`, so `prune("runs")` removes them).
 */
const FENCING_AND_JOURNAL = `
ALTER TABLE baton_runs ADD COLUMN token integer NOT NULL DEFAULT 1;

CREATE TABLE baton_tool_calls (
  run_id text NOT NULL REFERENCES baton_runs (id) ON DELETE CASCADE,
  tool_call_id text NOT NULL,
  position bigserial NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (run_id, tool_call_id)
);
`;

/**
 * Every migration of the PostgreSQL schema, oldest first. Each one's SQL runs with
 * `search_path` set to the target schema (table names are unqualified).
 */
export const MIGRATIONS: readonly Migration[] = Object.freeze([
  { version: 1, name: "initial", sql: INITIAL },
  { version: 2, name: "fencing tokens and the tool-call journal", sql: FENCING_AND_JOURNAL },
]);

/** The schema version this package needs: the newest of {@link MIGRATIONS}. */
export const SCHEMA_VERSION: number = latestSchemaVersion(MIGRATIONS);

/** @deprecated Use `SCHEMA_VERSION` (the same number, under the name every adapter exports). */
export const LATEST_VERSION: number = SCHEMA_VERSION;
