import { compareEvals, createRecorder, formatComparison, readRecording, replayModel, runEval, writeRecording } from "@baton/evals";
import { describeEval } from "@baton/evals/vitest";
import { describe, expect, it } from "vitest";
import { createResearchAssistant, DEFAULT_QUESTION } from "../agent.js";
import { createResearchModel } from "../scripted/research-script.js";
import { RESEARCH_EVAL, runResearchCase } from "./research-eval.js";

/** Instructions a change would try. */
const TERSE = "You are a research assistant. Answer in one sentence, from the research notes only, and name the notes you used.";

describeEval("the research assistant's eval (scripted model)", {
  dataset: RESEARCH_EVAL,
  provider: createResearchModel(),
  run: runResearchCase(),
  repeats: 2,
});

describe("record → change the instructions → replay → compare", () => {
  it("has at least ten cases, each with expectations", () => {
    expect(RESEARCH_EVAL.length).toBeGreaterThanOrEqual(10);
    expect(new Set(RESEARCH_EVAL.map((each) => each.id)).size).toBe(RESEARCH_EVAL.length);
    for (const each of RESEARCH_EVAL) expect(Object.keys(each.expect ?? {}).length, each.id).toBeGreaterThanOrEqual(4);
  });

  it("replays a recorded run with changed instructions: the same answer, and the divergence at the system message", async () => {
    const recorder = createRecorder();
    const live = createResearchAssistant({ model: { provider: recorder.provider(createResearchModel()), model: "scripted-researcher", notice: "" } });
    const recorded = await live.agent.run(DEFAULT_QUESTION, { onEvent: recorder.onEvent });
    const recording = readRecording(writeRecording(recorder.recording()));
    expect(recording.modelCalls).toHaveLength(3);
    expect(recording.events.at(-1)?.type).toBe("run-end");

    const model = replayModel(recording);
    const replayed = await createResearchAssistant({ model: { provider: model, model: "scripted-researcher", notice: "" }, instructions: TERSE }).agent.run(
      DEFAULT_QUESTION,
    );
    expect(replayed.text).toBe(recorded.text);
    expect(model.calls).toBe(3);
    expect(model.firstDivergence).toMatchObject({
      callIndex: 0,
      path: "messages[0].content",
      replayed: expect.stringMatching(/^You are a research assistant. Answer in one sentence/),
    });
    expect(model.firstDivergence?.description).toMatch(
      /^at messages\[0\]\.content:\n {2}- recorded: "You are a research assistant\. Answer from the research notes only/,
    );
  });

  it("compares the eval with the base instructions and with the change, case by case", async () => {
    const base = await runEval({ dataset: RESEARCH_EVAL, provider: createResearchModel(), run: runResearchCase() });
    const candidate = await runEval({ dataset: RESEARCH_EVAL, provider: createResearchModel(), run: runResearchCase(TERSE) });
    expect(base.summary).toMatchObject({ cases: 10, passedCases: 10, passRate: 1 });
    const comparison = compareEvals(base, candidate);
    // The scripted model answers from the notes whatever its instructions say: nothing regresses.
    expect(comparison).toMatchObject({ regressions: 0, improvements: 0, regressed: false });
    expect(formatComparison(comparison).split("\n").at(-1)).toBe("0 regressed, 0 improved, 10 unchanged");
  });
});
