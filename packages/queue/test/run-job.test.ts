import { describe, expect, it } from "vitest";
import { parseRunJob } from "../src/jobs/run-job.js";

const resume = (decisions: unknown) => ({ kind: "resume", agent: "support", runId: "r1", decisions });

describe("run job data", () => {
  it("carries every kind of decision a paused run takes: approvals, answers, and decisions on calls in doubt", () => {
    const decisions = {
      a: { approve: true },
      b: { approve: false, reason: "No." },
      c: { answer: { city: "Paris" } },
      d: { runAgain: true },
      e: { result: { charged: 10 } },
      f: { fail: "The charge could not be confirmed." },
    };
    expect(parseRunJob(resume(decisions))).toEqual({ ok: true, data: resume(decisions) });
  });

  it("refuses a decision on a call in doubt of the wrong shape", () => {
    for (const bad of [{ runAgain: false }, { runAgain: true, result: 1 }, { fail: 3 }, { result: undefined, extra: 1 }]) {
      expect(parseRunJob(resume({ d: bad }))).toMatchObject({ ok: false, problem: expect.stringContaining("decisions.d") });
    }
  });
});
