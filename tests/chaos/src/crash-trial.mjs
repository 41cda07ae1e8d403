// The crash trial: a child process runs a trial's runs in process on shared storage
// (a private Redis, or a SQLite file) and is killed with SIGKILL mid-batch, after a
// seeded number of tool effects; this process then resumes every run that did not
// end (once the dead process's leases lapse), decides the calls in doubt, and checks
// the history.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chaosTools, planCalls } from "./chaos-agent.mjs";
import { openChildStorage } from "./child-storage.mjs";
import { startChild } from "./child-process.mjs";
import { readEffects } from "./effects-log.mjs";
import { attemptInProcess, closeAndCheck, drawRuns, finishTrial, settleWithin, storedEnd } from "./in-process-trial.mjs";
import { startTrialRedis } from "./trial-redis.mjs";
import { driveRun, outcomeOf, summarise } from "./run-driver.mjs";
import { seededRandom } from "./seeded-random.mjs";

const RUNNER = fileURLToPath(new URL("./child/run-process.mjs", import.meta.url));

/**
 * Runs one crash trial of `seed`. `storages` lists the storages it may draw (`redis`,
 * `sqlite`); `context.dir` holds its files.
 */
export async function crashTrial(seed, context, { storages = ["redis", "sqlite"] } = {}) {
  const random = seededRandom(seed);
  const profile = context.profile;
  const runOptions = { storageWaitMs: random.int(...profile.storageWaitMs), claimLeaseMs: random.int(...profile.claimLeaseMs) };
  const kind = random.pick(storages);
  const records = drawRuns(random.fork(), seed, random.int(...profile.runs), { maxToolMs: profile.maxToolMs, ...profile.plan });
  const totalCalls = records.reduce((sum, record) => sum + planCalls(record.plan).length, 0);
  const killAfter = random.int(1, Math.max(1, totalCalls - 1));
  const effectsPath = join(context.dir, `effects-${seed}.jsonl`);
  const outputs = [];
  const secrets = [];
  const unsettledProcesses = [];
  let server;
  let description;
  if (kind === "redis") {
    const trialRedis = await startTrialRedis();
    server = trialRedis.server;
    secrets.push(trialRedis.secret);
    description = { kind: "redis", url: trialRedis.url, keyPrefix: `chaos-${seed}:` };
  } else {
    description = { kind: "sqlite", path: join(context.dir, `crash-${seed}.db`) };
  }
  // Opened here first: the schema exists before the child opens it.
  const storage = await openChildStorage(description);
  const startedAt = Date.now();
  let healedAt;
  try {
    const results = new Map();
    const child = startChild(
      RUNNER,
      "CHAOS_CHILD",
      { storage: description, runs: records.map(({ runId, conversationId, plan }) => ({ runId, conversationId, plan })), effectsPath, runOptions },
      (line) => {
        if (line.startsWith("RESULT ")) {
          const { runId, result } = JSON.parse(line.slice("RESULT ".length));
          results.set(runId, result);
        }
      },
    );
    await child.ready;
    // Killed once `killAfter` effects happened (mid-batch), or when every run ended first.
    const deadline = Date.now() + 20_000;
    while (readEffects(effectsPath).length < killAfter && results.size < records.length && !child.done && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await child.kill();
    healedAt = Date.now();
    if (!child.done) unsettledProcesses.push("the child process did not exit after SIGKILL");
    if (child.stderr.trim() !== "") outputs.push(child.stderr);
    for (const record of records) {
      const result = results.get(record.runId);
      record.attempts.push({
        mode: "run",
        startedAt,
        endedAt: healedAt,
        outcome: result ? outcomeOf(result) : "crashed",
        result: result && summarise(result),
        pid: child.process.pid,
      });
      if (result?.error) outputs.push(result.error);
    }
    // Every run the child did not complete is resumed here, another process.
    const controller = new AbortController();
    const tools = chaosTools(effectsPath);
    const attemptOptions = { storage, tools, runOptions, signal: controller.signal, outputs };
    const settleBy = healedAt + profile.settleBoundMs;
    const drivers = records.map((record) =>
      record.attempts[0].result?.stopReason === "completed" && record.attempts[0].outcome === "ended"
        ? Promise.resolve((record.endedAt = healedAt))
        : driveRun({
            record,
            attempt: attemptInProcess(record, attemptOptions),
            effectsPath,
            deadline: () => settleBy,
            pauseMs: 50,
            signal: controller.signal,
            mode: "resume",
          }),
    );
    if (!(await settleWithin(Promise.all(drivers), profile.settleBoundMs + 2_000))) {
      controller.abort();
      if (!(await settleWithin(Promise.all(drivers), 5_000))) unsettledProcesses.push("resumed runs still going 5 s after their abort");
    }
    const result = await finishTrial({
      kind: "crash",
      seed,
      records,
      readStored: async (runId) => storedEnd(await storage.loadCheckpoint(runId)),
      effectsPath,
      outputs,
      secrets,
      unsettledProcesses,
      healedAt,
      startedAt,
      graceMs: runOptions.storageWaitMs,
    });
    result.faults = [`SIGKILL after ${killAfter} of ${totalCalls} effects (${kind})`];
    if (server !== undefined) await closeAndCheck(result, [{ name: "the private redis-server", close: () => server.stop(), up: () => server.running }]);
    return result;
  } finally {
    await storage.close().catch(() => undefined);
    await server?.stop();
  }
}
