import type { Redis } from "ioredis";
import {
  APPEND_MESSAGES,
  CLAIM_RUN,
  PRUNE_KEYS,
  PRUNE_USAGE,
  RECORD_USAGE,
  SAVE_CHECKPOINT,
  SAVE_CHECKPOINT_WITH_JOURNAL,
  SAVE_SESSION,
  SAVE_SUMMARY,
  WRITE_TOOL_JOURNAL,
} from "./lua-scripts.js";

type Arg = string | number;

/** A script's reply: a status word first (`"ok"`, `"lost"`, `"claimed"`…), then its values. */
export type ScriptReply = (string | number | null)[];

/**
 * A client with the adapter's Lua scripts defined as commands (`defineCommand`, which
 * runs them by `EVALSHA` and loads them on `NOSCRIPT`). Each takes the number of keys
 * first, then the keys, then the arguments.
 */
export interface ScriptedClient extends Redis {
  batonAppendMessages(numKeys: number, ...keysAndArgs: Arg[]): Promise<ScriptReply>;
  batonClaimRun(numKeys: number, ...keysAndArgs: Arg[]): Promise<(string | null)[]>;
  batonSaveCheckpoint(numKeys: number, ...keysAndArgs: Arg[]): Promise<(string | null)[]>;
  batonSaveCheckpointWithJournal(numKeys: number, ...keysAndArgs: Arg[]): Promise<(string | null)[]>;
  batonWriteToolJournal(numKeys: number, ...keysAndArgs: Arg[]): Promise<ScriptReply>;
  batonSaveSummary(numKeys: number, ...keysAndArgs: Arg[]): Promise<ScriptReply>;
  batonSaveSession(numKeys: number, ...keysAndArgs: Arg[]): Promise<[number, number]>;
  batonRecordUsage(numKeys: number, ...keysAndArgs: Arg[]): Promise<ScriptReply>;
  batonPruneKeys(numKeys: number, ...keysAndArgs: Arg[]): Promise<number>;
  batonPruneUsage(numKeys: number, ...keysAndArgs: Arg[]): Promise<number>;
}

const SCRIPTS: Readonly<Record<string, string>> = {
  batonAppendMessages: APPEND_MESSAGES,
  batonClaimRun: CLAIM_RUN,
  batonSaveCheckpoint: SAVE_CHECKPOINT,
  batonSaveCheckpointWithJournal: SAVE_CHECKPOINT_WITH_JOURNAL,
  batonWriteToolJournal: WRITE_TOOL_JOURNAL,
  batonSaveSummary: SAVE_SUMMARY,
  batonSaveSession: SAVE_SESSION,
  batonRecordUsage: RECORD_USAGE,
  batonPruneKeys: PRUNE_KEYS,
  batonPruneUsage: PRUNE_USAGE,
};

/**
 * Defines the adapter's scripts on `client` (also a user's client: the commands are
 * namespaced `baton…`, and defining them again is harmless).
 */
export function withScripts(client: Redis): ScriptedClient {
  for (const [name, lua] of Object.entries(SCRIPTS)) client.defineCommand(name, { lua });
  return client as ScriptedClient;
}
