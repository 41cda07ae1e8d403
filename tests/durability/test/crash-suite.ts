/**
 * The crash suite, run on SQLite (crash-resume.sqlite.test.ts) and PostgreSQL
 * (crash-resume.postgres.test.ts).
 *
 * Crash test (the requirement): a child process running an agent on SQLite
 * and on PostgreSQL is killed with SIGKILL in the middle of a tool batch; a new
 * process resumes the run, and the final conversation equals that of an
 * uninterrupted run.
 *
 * The agent (test/child/agent-process.mjs): turn 1 asks for `fast` (returns at once),
 * `slow_a` and `slow_b` (wait, then return) in parallel; turn 2 asks for `fast` again;
 * turn 3 answers with the results it saw. No assertion depends on wall-clock
 * durations: the parent polls the database (with deadlines) to know where the run is.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resume } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import type { RunCheckpoint } from "@baton/core";
import {
  callsOf,
  killLeftoverChildren,
  newIds,
  normaliseCheckpoint,
  normaliseMessages,
  normaliseUsage,
  readExecutions,
  resultOf,
  runChild,
  startChild,
  waitFor,
  type Backend,
  type ChildResult,
} from "./durability-harness.js";

const TEST_TIMEOUT_MS = 30_000;
/**
 * The first process's lease: short, so a resumer gets the run soon after the kill, and
 * long enough that a machine busy with other suites renews it in time (a run whose
 * renewal is late for its whole lease stops itself, and would end before the kill).
 */
const CRASH_LEASE_MS = 2000;
/** How long the slow tools wait in the process that is killed: far longer than it lives. */
const KILLED_SLOW_MS = 20_000;
/** How long the slow tools wait in the uninterrupted and the resuming processes. */
const SLOW_MS = 1500;
const RESUMER_LEASE_MS = 5000;
const USER_ID = "durability-user";

/** The uninterrupted run every resumed run is compared with. */
interface Reference {
  readonly runId: string;
  readonly result: ChildResult;
  readonly messages: unknown[];
  readonly usage: unknown[];
  readonly checkpoint: unknown;
}

async function runReference(backend: Backend): Promise<Reference> {
  const ids = newIds("reference");
  const { exit, result } = await runChild({
    mode: "run",
    storage: backend.child,
    runId: ids.runId,
    conversationId: ids.conversationId,
    userId: USER_ID,
    execLog: ids.execLog(backend.dir),
    slowMs: SLOW_MS,
    leaseMs: RESUMER_LEASE_MS,
  });
  expect(exit.code, exit.stderr).toBe(0);
  expect(result.stopReason).toBe("completed");
  const executions = readExecutions(ids.execLog(backend.dir));
  expect(callsOf(executions, result.pid)).toEqual(["call_fast", "call_fast_2", "call_slow_a", "call_slow_b"]);
  return {
    runId: ids.runId,
    result,
    messages: normaliseMessages(await backend.storage.loadMessages(ids.conversationId)),
    usage: normaliseUsage(await backend.storage.queryUsage({ runId: ids.runId })),
    checkpoint: normaliseCheckpoint(await backend.storage.loadCheckpoint(ids.runId)),
  };
}

/**
 * Starts a run in a child process and kills it with SIGKILL once storage shows it in
 * the middle of its first tool batch: `fast` finished (its result checkpointed) while
 * `slow_a` and `slow_b` are running.
 */
async function startAndKillMidBatch(backend: Backend, ids: ReturnType<typeof newIds>) {
  const execLog = ids.execLog(backend.dir);
  const child = startChild({
    mode: "run",
    storage: backend.child,
    runId: ids.runId,
    conversationId: ids.conversationId,
    userId: USER_ID,
    execLog,
    slowMs: KILLED_SLOW_MS,
    leaseMs: CRASH_LEASE_MS,
  });
  let checkpoint: RunCheckpoint | undefined;
  try {
    checkpoint = await waitFor("the checkpoint of a half-finished tool batch", async () => {
      if (child.done()) {
        const exit = await child.exited;
        throw new Error(`The first process ended before it was killed (code ${exit.code}).\n${exit.stdout}\n${exit.stderr}`);
      }
      const saved = await backend.storage.loadCheckpoint(ids.runId);
      const started = callsOf(readExecutions(execLog), child.pid);
      return saved?.root.batch?.calls.filter((call) => call.status === "done").length === 1 && started.length === 3 ? saved : undefined;
    });
  } catch (error) {
    child.process.kill("SIGKILL");
    await child.exited;
    throw error;
  }
  child.process.kill("SIGKILL");
  const exit = await child.exited;
  const killedAt = Date.now();
  expect(exit.signal).toBe("SIGKILL");
  expect(exit.stdout).not.toContain("RESULT ");
  return { pid: child.pid, checkpoint, killedAt, execLog };
}

/** Checks what storage holds at the moment of the kill: the run is mid-batch and unanswered. */
async function expectMidBatch(backend: Backend, ids: ReturnType<typeof newIds>, checkpoint: RunCheckpoint): Promise<void> {
  expect(checkpoint.stopReason).toBeUndefined();
  expect(checkpoint.root.iteration).toBe(1);
  expect(checkpoint.root.step).toBe("tools");
  expect(checkpoint.root.batch?.calls.filter((call) => call.status === "done").map((call) => call.call.toolCallId)).toEqual(["call_fast"]);
  expect(checkpoint.root.added.at(-1)).toMatchObject({ role: "assistant" });
  const stored = await backend.storage.loadMessages(ids.conversationId);
  expect(stored.map((message) => message.role)).toEqual(["user"]);
}

/** Checks the run's end state in storage against the uninterrupted reference. */
async function expectSameAsReference(backend: Backend, ids: ReturnType<typeof newIds>, reference: Reference): Promise<void> {
  const { storage } = backend;
  // (1) The conversation equals the uninterrupted run's (ids and timestamps aside).
  const messages = await storage.loadMessages(ids.conversationId);
  expect(messages.map((message) => message.runId)).toEqual([ids.runId, ids.runId]);
  expect(messages.map((message) => message.userId)).toEqual([USER_ID, USER_ID]);
  expect(normaliseMessages(messages)).toEqual(reference.messages);
  // (3) The final checkpoint: finished, three model calls, four tool calls, no batch pending.
  const checkpoint = await storage.loadCheckpoint(ids.runId);
  expect(checkpoint).toMatchObject({ stopReason: "completed", status: "finished", root: { iteration: 3, toolCallCount: 4 } });
  expect(checkpoint?.root.batch).toBeUndefined();
  expect(normaliseCheckpoint(checkpoint)).toEqual(reference.checkpoint);
  // (4) Usage: exactly one record per model call, none twice.
  const usage = await storage.queryUsage({ runId: ids.runId });
  expect(usage.map((record) => record.iteration)).toEqual([1, 2, 3]);
  expect(usage.map((record) => [record.conversationId, record.userId])).toEqual(Array(3).fill([ids.conversationId, USER_ID]));
  expect(normaliseUsage(usage)).toEqual(reference.usage);
  // (5) The run cannot be claimed or resumed again.
  await expect(storage.claimRun(ids.runId, { owner: "durability-intruder", leaseMs: 60_000 })).resolves.toEqual({ claimed: false, reason: "finished" });
  const again = await resume({ provider: scriptedModel([]), model: "durability-model", storage, runId: ids.runId });
  expect(again.stopReason).toBe("error");
  expect(again.error?.code).toBe("RUN_NOT_RESUMABLE");
}

export function crashSuite(name: string, open: () => Promise<Backend>): void {
  describe(`crash and resume on ${name}`, () => {
    let backend: Backend | undefined;
    let reference: Reference;

    beforeAll(async () => {
      backend = await open();
      reference = await runReference(backend);
    }, TEST_TIMEOUT_MS);

    afterAll(async () => {
      await killLeftoverChildren();
      await backend?.close();
    });

    it("the uninterrupted run is what the script says", () => {
      expect(reference.result).toMatchObject({ stopReason: "completed", iterations: 3, toolCallCount: 4, persisted: true });
      expect(reference.result.text).toBe("All checks done: call_fast=ALPHA, call_slow_a=BETA, call_slow_b=GAMMA, call_fast_2=DELTA.");
      expect(reference.messages).toHaveLength(2);
    });

    it(
      "a process killed with SIGKILL mid tool batch is resumed by another process to the same conversation",
      async () => {
        const b = backend!;
        const ids = newIds("crash");
        const killed = await startAndKillMidBatch(b, ids);
        await expectMidBatch(b, ids, killed.checkpoint);

        // A new process resumes the run: refused while the dead process's lease lives, then it takes over.
        const { exit, result } = await runChild({
          mode: "resume",
          storage: b.child,
          runId: ids.runId,
          execLog: killed.execLog,
          slowMs: SLOW_MS,
          leaseMs: RESUMER_LEASE_MS,
          retryForMs: 10_000,
        });
        expect(exit.code, `${exit.stdout}\n${exit.stderr}`).toBe(0);
        expect(result).toMatchObject({ stopReason: "completed", iterations: 3, toolCallCount: 4, persisted: true });
        expect(result.text).toBe(reference.result.text);
        console.info(
          `[durability] ${name}: resumed at attempt ${result.attempts} (${result.attempts - 1} refused with RUN_NOT_RESUMABLE while the dead process's lease was live).`,
        );

        // (2) Executions: `fast` of the batch ran once (in the killed process), the
        // interrupted calls once in each process, the rest only in the resumer.
        const executions = readExecutions(killed.execLog);
        expect(new Set(executions.map((execution) => execution.pid))).toEqual(new Set([killed.pid, result.pid]));
        expect(callsOf(executions, killed.pid)).toEqual(["call_fast", "call_slow_a", "call_slow_b"]);
        expect(callsOf(executions, result.pid)).toEqual(["call_fast_2", "call_slow_a", "call_slow_b"]);
        expect(executions.filter((execution) => execution.toolCallId === "call_fast")).toHaveLength(1);

        await expectSameAsReference(b, ids, reference);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      "of two processes resuming the killed run at the same moment, exactly one completes it",
      async () => {
        const b = backend!;
        const ids = newIds("race");
        const killed = await startAndKillMidBatch(b, ids);
        await expectMidBatch(b, ids, killed.checkpoint);

        // The dead process renewed its lease at the latest when it was killed: both
        // resumers start together once it has certainly lapsed, and try once.
        const startAt = killed.killedAt + CRASH_LEASE_MS + 500;
        const config = {
          mode: "resume-once",
          storage: b.child,
          runId: ids.runId,
          execLog: killed.execLog,
          slowMs: SLOW_MS,
          leaseMs: RESUMER_LEASE_MS,
          startAt,
        } as const;
        const exits = await Promise.all([startChild(config).exited, startChild(config).exited]);
        const results = exits.map(resultOf);

        const winners = results.filter((result) => result.stopReason === "completed");
        const losers = results.filter((result) => result.stopReason !== "completed");
        expect(winners, JSON.stringify(results)).toHaveLength(1);
        expect(losers).toHaveLength(1);
        expect(losers[0]).toMatchObject({ stopReason: "error", error: { code: "RUN_NOT_RESUMABLE" }, persisted: false });
        const winner = winners[0]!;
        expect(winner).toMatchObject({ iterations: 3, toolCallCount: 4, persisted: true, text: reference.result.text });

        const executions = readExecutions(killed.execLog);
        expect(callsOf(executions, killed.pid)).toEqual(["call_fast", "call_slow_a", "call_slow_b"]);
        expect(callsOf(executions, winner.pid)).toEqual(["call_fast_2", "call_slow_a", "call_slow_b"]);
        expect(callsOf(executions, losers[0]!.pid)).toEqual([]);

        await expectSameAsReference(b, ids, reference);
      },
      TEST_TIMEOUT_MS,
    );
  });
}
