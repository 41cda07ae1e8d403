// The history checker: reads what a trial did — every attempt of every run, the
// stored end of each run, every execution in the effects log, the event streams, the
// processes and servers it started, and every error it met — and lists what breaks
// Baton's guarantees. A trial passes when the list is empty.
import { inspect } from "node:util";
import { findSecret } from "@baton/testing";
import { expectedAnswer, planCalls } from "./chaos-agent.mjs";

/**
 * The violations of one trial's history.
 * @param {import("./history-checker.d.mts").TrialHistory} history
 * @returns {import("./history-checker.d.mts").Violation[]}
 */
export function checkHistory(history) {
  const violations = [];
  const add = (rule, detail, runId) => violations.push(runId === undefined ? { rule, detail } : { rule, runId, detail });

  // Effects: a `once` call runs at most once, whatever happened.
  const byKey = new Map();
  for (const execution of history.effects) {
    const list = byKey.get(execution.key) ?? [];
    list.push(execution);
    byKey.set(execution.key, list);
  }
  for (const [key, executions] of byKey) {
    if (executions[0].effects === "once" && executions.length > 1) {
      add(
        "once-executed-twice",
        `${key} (${executions[0].tool}) executed ${executions.length} times, by pids ${executions.map((e) => e.pid).join(", ")}`,
        key.split(":")[0],
      );
    }
  }

  for (const run of history.runs) {
    const last = run.attempts.at(-1);
    const final = last?.result;
    if (run.unsettled !== undefined) add("not-settled", `${run.unsettled} (${describeAttempts(run)})`, run.runId);
    else if (final?.stopReason !== "completed" && last?.outcome !== "finished")
      add("run-lost", `ended without completing (${describeAttempts(run)})`, run.runId);
    else if (final?.stopReason === "completed" && final.text !== expectedAnswer(run.plan))
      add("wrong-answer", `answered ${JSON.stringify(final.text)}, expected ${JSON.stringify(expectedAnswer(run.plan))}`, run.runId);
    if (last?.outcome === "finished" && run.unsettled === undefined && run.stored?.stopReason !== "completed") {
      add("run-lost", `storage says it finished with ${run.stored?.stopReason} (${describeAttempts(run)})`, run.runId);
    }
    // An attempt that said the run was over (not resumable), after which storage still held it unfinished (reported once a run).
    let misreported = 0;
    for (const [i, attempt] of run.attempts.entries()) {
      // The first later attempt that shows what storage held: not one that threw, ended otherwise, or was itself cut
      // off by storage (a resume that could not read the run says `resumable` whatever storage holds).
      const continued = run.attempts
        .slice(i + 1)
        .find(
          (later) =>
            later.outcome !== "threw" &&
            !(later.outcome === "ended" && later.result.stopReason !== "completed") &&
            later.result?.error?.code !== "STORAGE_UNAVAILABLE",
        );
      if (attempt.outcome === "ended" && continued !== undefined && continued.outcome !== "finished" && continued.outcome !== "not-stored") {
        const error = attempt.result.error;
        const what = `attempt ${i + 1} (${attempt.mode}) ended it: ${attempt.result.stopReason}${error ? ` ${error.code}${error.retryable ? " (retryable)" : ""}` : ""}, not resumable, yet storage still held it unfinished (a later attempt: ${continued.mode}→${continued.outcome})`;
        if (misreported++ === 0) add(isStorageError(error) ? "outage-not-resumable" : "run-lost", what, run.runId);
      }
      if (attempt.thrown !== undefined) add("attempt-threw", `attempt ${i + 1} (${attempt.mode}) threw: ${errorLine(attempt.thrown)}`, run.runId);
    }
    // A completed run: its stored end says so, and each of its calls ran (once, for a `once` tool).
    if (final?.stopReason === "completed" && run.unsettled === undefined) {
      if (run.stored !== undefined && run.stored.stopReason !== "completed") {
        const stored =
          run.stored.error ??
          (run.stored.missing
            ? "nothing: no checkpoint of it is stored"
            : `${run.stored.stopReason ?? "unfinished"}${run.stored.status ? ` (status ${run.stored.status})` : ""}`);
        add("stored-end-missing", `completed, but its stored checkpoint says ${stored}`, run.runId);
      }
      for (const call of planCalls(run.plan)) {
        const key = `${run.runId}:${call.toolCallId}`;
        if ((byKey.get(key)?.length ?? 0) === 0)
          add("result-without-execution", `${key} (${call.toolName}) was never executed, yet the run completed with its result`, run.runId);
      }
    }
    for (const [i, attempt] of run.attempts.entries()) {
      if (attempt.events !== undefined && attempt.result !== undefined)
        checkStream(attempt.events, `attempt ${i + 1}`, (detail) => add("event-stream", detail, run.runId), true);
    }
  }

  for (const stream of history.clientStreams ?? [])
    checkStream(stream.events, `client stream of ${stream.runId}`, (detail) => add("event-stream", detail, stream.runId), stream.complete);
  for (const item of history.unsettledProcesses ?? []) add("process-not-settled", item);
  for (const secret of history.secrets ?? []) {
    for (const [i, output] of (history.outputs ?? []).entries()) {
      const found = findSecret(output, secret);
      if (found.length > 0) add("secret-leaked", `output ${i + 1} (${outputLabel(output)}) holds a secret at ${found.join(", ")}`);
    }
  }
  const ignored = ignoredRules();
  return violations.filter((violation) => !ignored.has(violation.rule));
}

/**
 * Checks one event stream: `seq` strictly increasing with no gap and no duplicate, and
 * nothing after a root `run-end` — but for a run that paused (`stopReason`
 * `interrupted`), whose stream goes on when it is resumed. With `complete`, it ends
 * with a root `run-end`.
 */
export function checkStream(events, label, report, complete) {
  let previous;
  let closedBy;
  let after = 0;
  let ends = 0;
  for (const event of events) {
    if (previous !== undefined) {
      if (event.seq === previous.seq) report(`${label}: event ${event.seq} twice`);
      else if (event.seq < previous.seq) report(`${label}: event ${event.seq} after ${previous.seq}`);
      else if (event.seq !== previous.seq + 1) report(`${label}: gap from ${previous.seq} to ${event.seq}`);
    }
    if (closedBy !== undefined && after++ === 0) {
      report(
        `${label}: ${event.type} ${event.seq}${event.error ? ` (${event.error})` : ""} after the run-end ${closedBy.seq}${closedBy.stopReason ? ` (${closedBy.stopReason})` : ""}`,
      );
    }
    if (event.type === "run-end" && !String(event.agentPath).includes("/") && event.stopReason !== "interrupted") {
      ends++;
      closedBy ??= event;
    }
    previous = event;
  }
  if (ends > 1) report(`${label}: ${ends} root run-end events`);
  const last = events.at(-1);
  if (complete && ends === 0 && !(last?.type === "run-end" && last.stopReason === "interrupted")) report(`${label}: no run-end (${events.length} events)`);
}

function isStorageError(error) {
  return error?.code === "STORAGE_ERROR" || error?.code === "STORAGE_UNAVAILABLE";
}

function describeAttempts(run) {
  return run.attempts
    .map(
      (a) =>
        `${a.mode}→${a.outcome}${a.result?.error ? `(${a.result.error.code})` : ""}${a.result?.stopReason && a.outcome === "ended" ? `[${a.result.stopReason}]` : ""}`,
    )
    .join(", ");
}

function errorLine(error) {
  return error instanceof Error ? `${error.name}: ${error.message}` : inspect(error, { depth: 2 });
}

function outputLabel(output) {
  if (typeof output === "string") return `text: ${output.slice(0, 60)}`;
  if (output instanceof Error) return `${output.name}: ${output.message.slice(0, 60)}`;
  return inspect(output, { depth: 0 }).slice(0, 60);
}

/** Rules left out of a check (`CHAOS_IGNORE=rule,rule`): to look past a known violation while investigating another; never in CI. */
export function ignoredRules(env = process.env) {
  return new Set(
    (env.CHAOS_IGNORE ?? "")
      .split(",")
      .map((rule) => rule.trim())
      .filter(Boolean),
  );
}
