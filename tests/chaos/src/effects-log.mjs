// The side effects of a trial's tools, counted outside the system under test: one
// JSON line per execution in a file of the trial's own folder (appended with one
// write, so tools in any number of processes — a child killed mid-batch, queue
// workers — share it). The checker counts executions per idempotency key from it, and
// the in-doubt decider looks up whether a call's effect happened and what it returned.
import { appendFileSync, existsSync, readFileSync } from "node:fs";

/**
 * Records one execution of a tool call, at the moment its effect happens.
 * @param {string} path the trial's effects file
 * @param {{ key: string, tool: string, effects: "once" | "idempotent", result: unknown }} execution
 */
export function recordEffect(path, execution) {
  appendFileSync(path, `${JSON.stringify({ ...execution, pid: process.pid, at: Date.now() })}\n`);
}

/** Every execution in the file, in the order they happened (a line cut off by a SIGKILL is ignored). */
export function readEffects(path) {
  if (!existsSync(path)) return [];
  const executions = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    try {
      executions.push(JSON.parse(line));
    } catch {
      // A half-written line of a killed process: its effect did not complete.
    }
  }
  return executions;
}

/** Executions by idempotency key. */
export function effectsByKey(path) {
  const byKey = new Map();
  for (const execution of readEffects(path)) {
    const list = byKey.get(execution.key) ?? [];
    list.push(execution);
    byKey.set(execution.key, list);
  }
  return byKey;
}
