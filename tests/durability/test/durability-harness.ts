import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { ConversationMessage, RunCheckpoint, Storage, UsageRecord } from "@baton/core";
import { createSqliteStorage } from "@baton/storage-sqlite";
import { createPostgresStorage } from "@baton/storage-postgres";

/** Where the child script lives: it imports the built packages (their `dist`). */
export const CHILD_SCRIPT = fileURLToPath(new URL("./child/agent-process.mjs", import.meta.url));

export const POSTGRES_URL = process.env.BATON_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** How a child reaches the storage. */
export type ChildStorage =
  | { readonly kind: "sqlite"; readonly path: string }
  | { readonly kind: "postgres"; readonly connectionString: string; readonly schema: string };

/** What `test/child/agent-process.mjs` reads from env DURABILITY_CHILD. */
export interface ChildConfig {
  readonly mode: "run" | "resume" | "resume-once";
  readonly storage: ChildStorage;
  readonly runId: string;
  /** Required by `run`. */
  readonly conversationId?: string;
  /** `run`: the end user of the run (a resumed run must keep writing it). */
  readonly userId?: string;
  /** The executions log (`<pid> <toolName> <toolCallId>` per line). */
  readonly execLog: string;
  /** How long `slow_a` and `slow_b` wait (unless aborted). */
  readonly slowMs: number;
  /** The run's `claimLeaseMs`. */
  readonly leaseMs?: number;
  readonly owner?: string;
  /** Epoch ms: the child waits until then (storage open) before it runs or resumes. */
  readonly startAt?: number;
  /** `resume`: keep retrying for this long while the run is held by a live lease. */
  readonly retryForMs?: number;
}

/** What the child prints as `RESULT <json>`. */
export interface ChildResult {
  readonly pid: number;
  readonly attempts: number;
  readonly stopReason: string;
  readonly error?: { readonly code: string; readonly message: string; readonly details?: Record<string, unknown> };
  readonly text: string;
  readonly iterations: number;
  readonly toolCallCount: number;
  readonly persisted: boolean;
}

export interface ChildExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunningChild {
  readonly process: ChildProcess;
  readonly pid: number;
  readonly exited: Promise<ChildExit>;
  /** Whether the process has exited. */
  readonly done: () => boolean;
}

/** Children still running: killed by {@link killLeftoverChildren} after a failed test. */
const running = new Set<ChildProcess>();

/** Kills (SIGKILL) the children that are still running, e.g. after a test timed out. */
export async function killLeftoverChildren(): Promise<void> {
  const left = [...running];
  await Promise.all(
    left.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once("close", () => resolve());
          if (!child.kill("SIGKILL")) resolve();
        }),
    ),
  );
}

/** Starts a child process running `test/child/agent-process.mjs` with `config`. */
export function startChild(config: ChildConfig): RunningChild {
  const child = spawn(process.execPath, [CHILD_SCRIPT], {
    env: { ...process.env, DURABILITY_CHILD: JSON.stringify(config) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let finished = false;
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<ChildExit>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      finished = true;
      running.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });
  if (child.pid === undefined) throw new Error("The child process did not start.");
  running.add(child);
  return { process: child, pid: child.pid, exited, done: () => finished };
}

/** The `RESULT` line of a child's output. */
export function resultOf(exit: ChildExit): ChildResult {
  const line = exit.stdout.split("\n").find((text) => text.startsWith("RESULT "));
  if (!line) throw new Error(`The child printed no result (code ${exit.code}, signal ${exit.signal}).\nstdout:\n${exit.stdout}\nstderr:\n${exit.stderr}`);
  return JSON.parse(line.slice("RESULT ".length)) as ChildResult;
}

/** Runs a child to its end. */
export async function runChild(config: ChildConfig): Promise<{ exit: ChildExit; result: ChildResult }> {
  const exit = await startChild(config).exited;
  return { exit, result: resultOf(exit) };
}

/** Polls until a value comes; see `@baton/testing`. */
export { waitFor } from "@baton/testing";

/** One execution of a tool, as a child logged it. */
export interface Execution {
  readonly pid: number;
  readonly toolName: string;
  readonly toolCallId: string;
}

export function readExecutions(path: string): Execution[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const [pid, toolName, toolCallId] = line.split(" ");
      return { pid: Number(pid), toolName: toolName!, toolCallId: toolCallId! };
    });
}

/** `toolCallId`s executed by `pid`, sorted. */
export function callsOf(executions: readonly Execution[], pid: number): string[] {
  return executions
    .filter((execution) => execution.pid === pid)
    .map((execution) => execution.toolCallId)
    .sort();
}

/** Timestamps that differ between two equal runs: dropped before comparing. */
const VOLATILE_KEYS = new Set(["runId", "conversationId", "createdAt", "recordedAt", "savedAt", "at", "startedAt", "endedAt", "durationMs"]);

/** A deep copy without run ids, conversation ids and timestamps. */
export function normalise<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => normalise(item)) as T;
  if (value !== null && typeof value === "object") {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (!VOLATILE_KEYS.has(key)) copy[key] = normalise(item);
    return copy as T;
  }
  return value;
}

export function normaliseMessages(messages: readonly ConversationMessage[]): unknown[] {
  return messages.map(({ role, seq, agentPath, userId, parts }) => normalise({ role, seq, agentPath, userId, parts }));
}

export function normaliseUsage(records: readonly UsageRecord[]): unknown[] {
  return normalise(records.map((record) => ({ ...record })));
}

/** The comparable part of a final checkpoint (the run's state without ids and timestamps). */
export function normaliseCheckpoint(checkpoint: RunCheckpoint | undefined): unknown {
  if (!checkpoint) return undefined;
  const { conversation: _conversation, ...rest } = checkpoint;
  return normalise(rest);
}

/** A storage for one test file, as the parent sees it, and how the children reach it. */
export interface Backend {
  readonly name: string;
  readonly storage: Storage;
  readonly child: ChildStorage;
  /** A directory for executions logs. */
  readonly dir: string;
  close(): Promise<void>;
}

export function openSqliteBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), "baton-durability-sqlite-"));
  const path = join(dir, "baton.db");
  // Created (and migrated) here, before any child opens it.
  const storage = createSqliteStorage({ path });
  return {
    name: "SQLite",
    storage,
    child: { kind: "sqlite", path },
    dir,
    async close() {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function openPostgresBackend(): Promise<Backend> {
  const dir = mkdtempSync(join(tmpdir(), "baton-durability-pg-"));
  const schema = `baton_durability_${process.pid}_${randomUUID().slice(0, 8)}`;
  // Created (and migrated) here, before any child opens it.
  const storage = await createPostgresStorage({ connectionString: POSTGRES_URL, schema, max: 4 });
  return {
    name: "PostgreSQL",
    storage,
    child: { kind: "postgres", connectionString: POSTGRES_URL, schema },
    dir,
    async close() {
      await storage.close();
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether PostgreSQL answers at {@link POSTGRES_URL}; the reason when not. */
export async function probePostgres(): Promise<{ readonly ok: true } | { readonly ok: false; readonly reason: string }> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("SELECT 1");
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message || error.name : String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function newIds(prefix: string): { runId: string; conversationId: string; execLog: (dir: string) => string } {
  const id = `${prefix}-${randomUUID()}`;
  return { runId: `run-${id}`, conversationId: `conversation-${id}`, execLog: (dir) => join(dir, `executions-${id}.log`) };
}
