/** The history checker: what each of its rules catches, on hand-made histories. */
import { describe, expect, it } from "vitest";
import { expectedAnswer, type ChaosPlan } from "../src/chaos-agent.mjs";
import { checkHistory, type AttemptRecord, type Execution, type RunRecord, type TrialHistory } from "../src/history-checker.mjs";

const plan: ChaosPlan = {
  turns: [
    [
      ["c", 10, 0.5],
      ["l", 10, 0.5],
    ],
  ],
  modelMs: 0,
};
const completed = (events = stream(6)): AttemptRecord => ({
  mode: "run",
  outcome: "ended",
  result: { stopReason: "completed", text: expectedAnswer(plan) },
  events,
});
const stream = (n: number) => Array.from({ length: n }, (_, i) => ({ seq: i + 1, type: i === n - 1 ? "run-end" : "step-start", agentPath: "main" }));
const run = (attempts: AttemptRecord[], extra: Partial<RunRecord> = {}): RunRecord => ({
  runId: "r1",
  conversationId: "c1",
  plan,
  attempts,
  decided: 0,
  stored: { stopReason: "completed" },
  ...extra,
});
const execution = (key: string, tool: string, effects: "once" | "idempotent"): Execution => ({ key, tool, effects, result: {}, pid: 1, at: 0 });
const both = [execution("r1:t1c1", "charge_card", "once"), execution("r1:t1c2", "lookup_order", "idempotent")];
const history = (overrides: Partial<TrialHistory>): TrialHistory => ({ kind: "test", seed: 1, runs: [run([completed()])], effects: both, ...overrides });
const rules = (h: TrialHistory) => checkHistory(h).map((violation) => violation.rule);

describe("the history checker", () => {
  it("passes a run that completed with each call executed once", () => {
    expect(checkHistory(history({}))).toEqual([]);
  });

  it("an idempotent call may run twice; a `once` call may not", () => {
    expect(rules(history({ effects: [...both, execution("r1:t1c2", "lookup_order", "idempotent")] }))).toEqual([]);
    expect(rules(history({ effects: [...both, execution("r1:t1c1", "charge_card", "once")] }))).toEqual(["once-executed-twice"]);
  });

  it("a completed run whose call never ran got a result from nowhere", () => {
    expect(rules(history({ effects: both.slice(0, 1) }))).toEqual(["result-without-execution"]);
  });

  it("a run that ended without completing is lost; one still resumable at the deadline did not settle", () => {
    const failed: AttemptRecord = { mode: "run", outcome: "ended", result: { stopReason: "error", text: "", error: { code: "STORAGE_ERROR", message: "x" } } };
    expect(rules(history({ runs: [run([failed], { stored: { stopReason: "error" } })] }))).toContain("run-lost");
    expect(rules(history({ runs: [run([{ mode: "run", outcome: "resumable" }], { unsettled: "still resumable at the settle deadline" })] }))).toContain(
      "not-settled",
    );
  });

  it("an attempt that said the run ended, followed by one that continued it, misreported the run", () => {
    const ended: AttemptRecord = {
      mode: "resume",
      outcome: "ended",
      result: { stopReason: "error", text: "", error: { code: "STORAGE_ERROR", message: "x", retryable: true } },
    };
    expect(rules(history({ runs: [run([ended, completed()])] }))).toEqual(["outage-not-resumable"]);
  });

  it("a resume cut off by storage itself shows nothing of what storage held: the attempt after it does", () => {
    const unavailable = (mode: "run" | "resume", resumable: boolean): AttemptRecord => ({
      mode,
      outcome: resumable ? "resumable" : "ended",
      result: {
        stopReason: "error",
        text: "",
        ...(resumable ? { resumable: true } : {}),
        error: { code: "STORAGE_UNAVAILABLE", message: "x", retryable: true },
      },
    });
    const notStored: AttemptRecord = {
      mode: "resume",
      outcome: "not-stored",
      result: { stopReason: "error", text: "", error: { code: "RUN_NOT_RESUMABLE", message: "x" } },
    };
    // A new run stopped before its first checkpoint; the resume that looked was cut off too; the next one found nothing: then run again.
    expect(rules(history({ runs: [run([unavailable("run", false), unavailable("resume", true), notStored, completed()])] }))).toEqual([]);
    // The same, but storage held the run after all: the new run's attempt should have said resumable.
    const continued: AttemptRecord = { mode: "resume", outcome: "interrupted", result: { stopReason: "interrupted", text: "" } };
    expect(rules(history({ runs: [run([unavailable("run", false), unavailable("resume", true), continued, completed()])] }))).toEqual(["outage-not-resumable"]);
  });

  it("a completed run whose stored checkpoint is unfinished lost its end", () => {
    expect(rules(history({ runs: [run([completed()], { stored: {} })] }))).toEqual(["stored-end-missing"]);
  });

  it("a completed run must give the uninterrupted run's answer", () => {
    const wrong: AttemptRecord = { ...completed(), result: { stopReason: "completed", text: "done t1c1=? t1c2=?" } };
    expect(rules(history({ runs: [run([wrong])] }))).toEqual(["wrong-answer"]);
  });

  it("an event stream with a gap, a duplicate, a second root run-end or an event after the run-end breaks the protocol", () => {
    const events = stream(6);
    const gap = [...events.slice(0, 2), ...events.slice(3)];
    const duplicate = [...events.slice(0, 3), events[2]!, ...events.slice(3)];
    const twoEnds = [...events, { seq: 7, type: "run-end", agentPath: "main" }];
    const nestedEnd = [...events.slice(0, 3), { seq: 4, type: "run-end", agentPath: "main/helper#1" }, ...events.slice(4)];
    for (const broken of [gap, duplicate, twoEnds]) expect(new Set(rules(history({ runs: [run([completed(broken)])] })))).toEqual(new Set(["event-stream"]));
    expect(rules(history({ runs: [run([completed(nestedEnd)])] }))).toEqual([]);
    expect(rules(history({ clientStreams: [{ runId: "r1", events: events.slice(0, 5), complete: true }] }))).toEqual(["event-stream"]);
  });

  it("finds a secret anywhere in an output: an error's cause, a property, its util.inspect, or a child's stderr", () => {
    const secret = "chaos-redis-abc123";
    const deep = new Error("Connection failed", { cause: Object.assign(new Error("ERR"), { command: { name: "auth", args: ["default", secret] } }) });
    expect(rules(history({ secrets: [secret], outputs: [deep] }))).toEqual(["secret-leaked"]);
    expect(rules(history({ secrets: [secret], outputs: [`worker error: AUTH ${secret}`] }))).toEqual(["secret-leaked"]);
    expect(rules(history({ secrets: [secret], outputs: [new Error("Could not reach redis://:***@127.0.0.1")] }))).toEqual([]);
  });

  it("a process or server that did not settle is a violation", () => {
    expect(rules(history({ unsettledProcesses: ["the child process did not exit after SIGKILL"] }))).toEqual(["process-not-settled"]);
  });
});
