import { describe, expect, it } from "vitest";
import { isBatonError, type ProgressStepUpdate } from "@baton/core";
import { testToolContext } from "@baton/testing";
import { ProgressGroup, ProgressStepEndedError } from "../src/index.js";

/** A clock that returns 1000, 1001, 1002, … */
function tickingClock(start = 1000): () => number {
  let t = start;
  return () => t++;
}

/** A group with a ticking clock that records its updates; `icon: null` for a group without icon. */
function recordedGroup(name = "Searching the web", icon: string | null = "SEARCH") {
  const updates: ProgressStepUpdate[] = [];
  const progress = new ProgressGroup({ name, ...(icon === null ? {} : { icon }), report: (u) => updates.push(u), now: tickingClock() });
  return { progress, updates };
}

describe("ProgressGroup", () => {
  it("reports a step's creation, items, title change and end as updates, in order", () => {
    const { progress, updates } = recordedGroup();
    const step = progress.startStep("Searching for cats", "GLOBE");
    step.send("Found 3 pages");
    step.send([
      { kind: "link", url: "https://cats.example", title: "Cats" },
      { kind: "data", data: { hits: 3 } },
    ]);
    step.update({ title: "Searched for cats" });
    step.end();

    expect(updates).toEqual([
      {
        group: "Searching the web",
        groupIcon: "SEARCH",
        stepId: "Searching the web#1",
        title: "Searching for cats",
        icon: "GLOBE",
        status: "active",
        at: 1000,
      },
      {
        group: "Searching the web",
        groupIcon: "SEARCH",
        stepId: "Searching the web#1",
        title: "Searching for cats",
        icon: "GLOBE",
        status: "active",
        items: [{ kind: "text", text: "Found 3 pages" }],
        at: 1001,
      },
      {
        group: "Searching the web",
        groupIcon: "SEARCH",
        stepId: "Searching the web#1",
        title: "Searching for cats",
        icon: "GLOBE",
        status: "active",
        items: [
          { kind: "link", url: "https://cats.example", title: "Cats" },
          { kind: "data", data: { hits: 3 } },
        ],
        at: 1002,
      },
      { group: "Searching the web", groupIcon: "SEARCH", stepId: "Searching the web#1", title: "Searched for cats", icon: "GLOBE", status: "active", at: 1003 },
      { group: "Searching the web", groupIcon: "SEARCH", stepId: "Searching the web#1", title: "Searched for cats", icon: "GLOBE", status: "done", at: 1004 },
    ]);
    expect(step.status).toBe("done");
    expect(step.ended).toBe(true);
    expect(step.items).toHaveLength(3);
  });

  it("numbers steps per group and serializes name, icon and every step with its times", () => {
    const { progress } = recordedGroup();
    const first = progress.startStep("Fetching a.example");
    const second = progress.startStep("Fetching b.example", "LINK");
    second.send({ kind: "text", text: "404" });
    second.end("failed");
    first.send("200 OK");
    first.end();

    expect([first.id, second.id]).toEqual(["Searching the web#1", "Searching the web#2"]);
    expect(progress.serialize()).toEqual({
      name: "Searching the web",
      icon: "SEARCH",
      steps: [
        { id: "Searching the web#1", title: "Fetching a.example", status: "done", items: [{ kind: "text", text: "200 OK" }], startedAt: 1000, endedAt: 1005 },
        {
          id: "Searching the web#2",
          title: "Fetching b.example",
          icon: "LINK",
          status: "failed",
          items: [{ kind: "text", text: "404" }],
          startedAt: 1001,
          endedAt: 1003,
        },
      ],
    });
    expect(progress.getSteps().map((e) => e.status)).toEqual(["done", "failed"]);
  });

  it("leaves out absent icons and an unended step's end time", () => {
    const { progress, updates } = recordedGroup("Thinking", null);
    progress.startStep("Planning");
    expect(updates).toEqual([{ group: "Thinking", stepId: "Thinking#1", title: "Planning", status: "active", at: 1000 }]);
    expect(progress.serialize()).toEqual({ name: "Thinking", steps: [{ id: "Thinking#1", title: "Planning", status: "active", items: [], startedAt: 1000 }] });
  });

  it("ending twice does nothing: no second update, the first status and time stay", () => {
    const { progress, updates } = recordedGroup();
    const step = progress.startStep("Work");
    step.end("failed");
    expect(step.end()).toBeUndefined();
    expect(step.end("failed")).toBeUndefined();
    expect(updates.map((u) => u.status)).toEqual(["active", "failed"]);
    expect(step.serialize()).toMatchObject({ status: "failed", endedAt: 1001 });
  });

  it("sending to or updating an ended step throws a clear, typed error and reports nothing", () => {
    const { progress, updates } = recordedGroup();
    const step = progress.startStep("Fetching example.com");
    step.end();
    let thrown: unknown;
    try {
      step.send("late line");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProgressStepEndedError);
    expect(isBatonError(thrown, "PROGRESS_STEP_ENDED")).toBe(true);
    expect((thrown as ProgressStepEndedError).message).toBe(
      'Cannot send items to progress step "Fetching example.com" (Searching the web#1) of group "Searching the web": it already ended with status "done". Start a new step with startStep() instead.',
    );
    expect((thrown as ProgressStepEndedError).details).toEqual({
      group: "Searching the web",
      stepId: "Searching the web#1",
      title: "Fetching example.com",
      status: "done",
      action: "send items to",
    });
    expect(() => step.update({ title: "x" })).toThrow(/Cannot update progress step "Fetching example.com"/);
    expect(updates).toHaveLength(2);
    expect(step.items).toEqual([]);
  });

  it("an empty list of items is not reported", () => {
    const { progress, updates } = recordedGroup();
    const step = progress.startStep("Work");
    expect(step.send([])).toBeUndefined();
    expect(updates).toHaveLength(1);
  });

  it("currentStep returns the latest step still active, else starts one", () => {
    const { progress, updates } = recordedGroup();
    const created = progress.currentStep("Generating", "WAND");
    expect(created.id).toBe("Searching the web#1");
    expect(progress.currentStep("Other title", "X")).toBe(created);
    expect(created.title).toBe("Generating");

    const second = progress.startStep("Reading");
    expect(progress.currentStep("Generating", "WAND")).toBe(second);
    second.end();
    // The latest step ended: the most recent one still active is the first.
    expect(progress.currentStep("Generating", "WAND")).toBe(created);
    created.end();
    const third = progress.currentStep("Generating again", "WAND");
    expect(third.id).toBe("Searching the web#3");
    expect(third.title).toBe("Generating again");
    expect(progress.getSteps()).toEqual([created, second, third]);
    expect(updates.filter((u) => u.status === "active" && u.items === undefined).map((u) => u.stepId)).toEqual([
      "Searching the web#1",
      "Searching the web#2",
      "Searching the web#3",
    ]);
  });

  it("hands back a promise the report returned (backpressure) and nothing for other values", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const returns: unknown[] = [undefined, 42, gate];
    let call = 0;
    const progress = new ProgressGroup({ name: "g", report: () => returns[call++] });
    const step = progress.startStep("s");
    expect(step.send("a")).toBeUndefined();
    const pending = step.send("b");
    expect(pending).toBeInstanceOf(Promise);
    let settled = false;
    void pending!.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await pending;
    expect(settled).toBe(true);
  });

  it("forTool reports through ctx.reportStep and is named after the tool unless told", () => {
    const ctx = testToolContext({ toolName: "web_search", toolCallId: "call_7" });
    const named = ProgressGroup.forTool(ctx, "Searching the web", "SEARCH", { now: () => 5 });
    const defaulted = ProgressGroup.forTool(ctx);
    named.startStep("Querying").end();
    defaulted.startStep("Running");

    expect(defaulted.name).toBe("web_search");
    expect(ctx.steps).toEqual([
      { group: "Searching the web", groupIcon: "SEARCH", stepId: "Searching the web#1", title: "Querying", status: "active", at: 5 },
      { group: "Searching the web", groupIcon: "SEARCH", stepId: "Searching the web#1", title: "Querying", status: "done", at: 5 },
      { group: "web_search", stepId: "web_search#1", title: "Running", status: "active", at: expect.any(Number) },
    ]);
  });

  it("serialize returns copies: later changes do not alter an earlier snapshot", () => {
    const { progress } = recordedGroup();
    const step = progress.startStep("Work");
    const before = progress.serialize();
    step.send("line");
    expect(before.steps[0]!.items).toEqual([]);
    expect(progress.serialize().steps[0]!.items).toEqual([{ kind: "text", text: "line" }]);
  });
});
