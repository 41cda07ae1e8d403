// One trial of runs in this process: several runs of the chaos agent start at seeded
// moments on a storage, a fault plan plays beside them, each run is driven to its end
// (resumed, its calls in doubt decided), and the history is checked. The crash and
// queue trials reuse its parts: the attempt of a run in this process, and the end of
// a trial (stored ends read, effects counted, history checked).
import { resume, run } from "@baton/loop";
import { chaosModel, chaosTools, drawPlan, planCalls, planInput } from "./chaos-agent.mjs";
import { readEffects } from "./effects-log.mjs";
import { checkHistory } from "./history-checker.mjs";
import { driveRun } from "./run-driver.mjs";

/** An event as the checker keeps it. */
export function slimEvent(event) {
  const slim = { seq: event.seq, type: event.type, agentPath: event.agentPath };
  if (event.type === "error") slim.error = `${event.error?.code}: ${String(event.error?.message).slice(0, 160)}`;
  if (event.type === "run-end") slim.stopReason = event.stopReason;
  return slim;
}

/** The runs of a trial: `count` plans drawn from `random`, with ids of the trial's seed. */
export function drawRuns(random, seed, count, planOptions, startSpreadMs = 100) {
  const records = [];
  for (let i = 0; i < count; i++) {
    const plan = drawPlan(random, planOptions);
    records.push({
      runId: `run-${seed}-${i + 1}`,
      conversationId: `conversation-${seed}-${i + 1}`,
      plan,
      startDelayMs: random.int(0, startSpreadMs),
      attempts: [],
      decided: 0,
    });
  }
  return records;
}

/**
 * The attempt function of a run in this process (`run()` or `resume()` with the
 * chaos agent), for {@link driveRun}. Errors it meets go to `outputs`.
 */
export function attemptInProcess(record, { storage, tools, runOptions, provider, signal, outputs }) {
  return async (mode, decisions) => {
    const events = [];
    const common = {
      provider: provider?.() ?? chaosModel(),
      model: "chaos-model",
      tools,
      storage,
      retryableErrorEnds: "attempt",
      signal,
      ...runOptions,
      onEvent: (event) => {
        events.push(slimEvent(event));
        if (event.type === "error") outputs.push(event.error);
      },
    };
    try {
      const result =
        mode === "run"
          ? await run({ ...common, input: planInput(record.plan), runId: record.runId, conversationId: record.conversationId })
          : await resume({ ...common, runId: record.runId, ...(decisions === undefined ? {} : { decisions }) });
      if (result.error !== undefined) outputs.push(result.error);
      return { result, events };
    } catch (thrown) {
      outputs.push(thrown);
      return { thrown, events };
    }
  };
}

/**
 * Ends a trial: reads each run's stored end (after `graceMs`, for writes a run left
 * pending when it returned), counts the effects, checks the history and sums it up.
 */
export async function finishTrial({
  kind,
  seed,
  records,
  readStored,
  effectsPath,
  outputs,
  secrets = [],
  unsettledProcesses = [],
  clientStreams,
  healedAt,
  startedAt,
  graceMs = 0,
}) {
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
  for (const record of records) record.stored = await readPatiently(() => readStored(record.runId));
  const effects = readEffects(effectsPath);
  const history = { kind, seed, runs: records, effects, outputs, secrets, unsettledProcesses, clientStreams };
  const violations = checkHistory(history);
  const endedAt = Math.max(...records.map((record) => record.endedAt ?? Date.now()));
  return {
    kind,
    seed,
    runs: records.length,
    toolCalls: records.reduce((sum, record) => sum + planCalls(record.plan).length, 0),
    executions: effects.length,
    decided: records.reduce((sum, record) => sum + record.decided, 0),
    settleMs: Math.max(0, endedAt - (healedAt ?? endedAt)),
    durationMs: Date.now() - startedAt,
    violations,
    history,
  };
}

/**
 * Runs one in-process trial.
 * @param {import("./in-process-trial.d.mts").InProcessTrialOptions} options
 * @returns {Promise<import("./in-process-trial.d.mts").TrialResult>}
 */
export async function runInProcessTrial(options) {
  const { kind, seed, random, storage, effectsPath, faults, runs: runCount, plan: planOptions, runOptions, settleBoundMs } = options;
  const tools = chaosTools(effectsPath);
  const outputs = [];
  const controller = new AbortController();
  const startedAt = Date.now();
  let healedAt;
  const records = drawRuns(random, seed, runCount, planOptions, options.startSpreadMs);
  const hardDeadline = startedAt + (options.maxTrialMs ?? 120_000);
  const deadline = () => Math.min(hardDeadline, healedAt === undefined ? Number.POSITIVE_INFINITY : healedAt + settleBoundMs);
  const attemptOptions = { storage, tools, runOptions, provider: options.provider, signal: controller.signal, outputs };

  const faultsDone = faults(startedAt, controller.signal).then(
    () => void (healedAt = Date.now()),
    (error) => {
      healedAt = Date.now();
      throw error;
    },
  );
  const drivers = records.map(async (record) => {
    await new Promise((resolve) => setTimeout(resolve, record.startDelayMs));
    return driveRun({
      record,
      attempt: attemptInProcess(record, attemptOptions),
      effectsPath,
      deadline,
      pauseMs: options.pauseMs ?? 50,
      signal: controller.signal,
    });
  });
  // The faults heal; then every run must end within the settle bound.
  const unsettledProcesses = [];
  await faultsDone.catch((error) => {
    outputs.push(error);
    unsettledProcesses.push(`the fault plan failed: ${error?.message ?? error}`);
  });
  const settled = await settleWithin(Promise.all(drivers), Math.max(0, deadline() - Date.now()) + 2_000);
  if (!settled) {
    controller.abort();
    const late = await settleWithin(Promise.all(drivers), 5_000);
    if (!late) unsettledProcesses.push(`runs still going ${settleBoundMs + 7_000} ms after the faults healed, and 5 s after their abort`);
  }
  return finishTrial({
    kind,
    seed,
    records,
    readStored: options.readStored,
    effectsPath,
    outputs,
    secrets: options.secrets,
    unsettledProcesses,
    healedAt,
    startedAt,
    // Writes a run left pending when it returned land once storage answers: give them the run's storage wait.
    graceMs: options.graceMs ?? (runOptions.storageWaitMs ?? 0) + 200,
  });
}

/** A read of the checker's (its client may still be reconnecting after the faults): tried again for up to 5 s. */
async function readPatiently(read) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      return await read();
    } catch (error) {
      if (Date.now() > deadline) return { error: String(error) };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Whether `promise` settles within `ms`. */
export async function settleWithin(promise, ms) {
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the checker reads of a stored checkpoint: whether there is one, and its stop reason (none while unfinished). */
export function storedEnd(checkpoint) {
  return checkpoint === undefined ? { missing: true } : { stopReason: checkpoint.stopReason, status: checkpoint.status };
}

/**
 * Closes what a trial started and adds a `process-not-settled` violation to its result
 * for each one still up afterwards (a server still listening, a process still alive).
 * @param {{ violations: object[] }} result
 * @param {{ name: string, close: () => Promise<unknown>, up: () => boolean }[]} parts
 */
export async function closeAndCheck(result, parts) {
  for (const part of parts) {
    await part.close().catch(() => undefined);
    if (part.up()) result.violations.push({ rule: "process-not-settled", detail: `${part.name} still up after it was closed` });
  }
}
