import { createHash } from "node:crypto";

/** The tables of one Baton schema, each as a quoted, schema-qualified name. */
export interface Tables {
  readonly migrations: string;
  readonly conversations: string;
  readonly messages: string;
  readonly runs: string;
  readonly checkpoints: string;
  readonly toolCalls: string;
  readonly sessions: string;
  readonly toolOutputs: string;
  readonly summaries: string;
  readonly usage: string;
}

/** A PostgreSQL identifier in double quotes (embedded quotes doubled). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The schema-qualified names of Baton's tables in `schema`. */
export function tablesIn(schema: string): Tables {
  const q = (table: string): string => `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
  return {
    migrations: q("baton_migrations"),
    conversations: q("baton_conversations"),
    messages: q("baton_messages"),
    runs: q("baton_runs"),
    checkpoints: q("baton_checkpoints"),
    toolCalls: q("baton_tool_calls"),
    sessions: q("baton_sessions"),
    toolOutputs: q("baton_tool_outputs"),
    summaries: q("baton_summaries"),
    usage: q("baton_usage"),
  };
}

/** A named query: pg prepares it once per connection and reuses the plan. */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/**
 * A prepared-statement definition for `text`. The name is derived from the text, so
 * the same name never stands for two texts on one connection (a pool shared by
 * several schemas stays safe).
 */
export function statement(text: string): Statement {
  return { name: `baton_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`, text };
}
