import { describe, expect, it } from "vitest";
import type { ProgressStepUpdate, StreamEvent, ToolProgressEvent } from "@baton/core";
import { ProgressGroup, ProgressLog, applyProgressStepUpdate } from "../src/index.js";
import { random } from "./support/random.js";

let seq = 0;
/** A `tool-progress` event as the loop stamps it. */
function progressEvent(step: ProgressStepUpdate | undefined, toolCallId = "call_1", agentPath = "main", toolName = "search"): ToolProgressEvent {
  seq++;
  return {
    type: "tool-progress",
    runId: "run_1",
    agentPath,
    seq,
    contentIndex: 1,
    timestamp: 0,
    toolCallId,
    toolName,
    message: step?.title ?? "working",
    ...(step ? { step } : {}),
  };
}

describe("ProgressLog", () => {
  it("rebuilds a group from its updates and ignores events without a step", () => {
    const log = new ProgressLog();
    const updates: ProgressStepUpdate[] = [];
    let t = 100;
    const progress = new ProgressGroup({ name: "Searching the web", icon: "SEARCH", report: (u) => updates.push(u), now: () => t++ });
    const a = progress.startStep("Query 1");
    a.send("3 hits");
    const b = progress.startStep("Query 2", "GLOBE");
    a.end();
    b.send({ kind: "link", url: "https://x.example" });
    b.update({ title: "Query 2 (retry)", icon: "RETRY" });
    b.end("failed");

    const changed = updates.map((u) => log.apply(progressEvent(u)));
    expect(log.apply(progressEvent(undefined))).toBeUndefined();
    expect(
      log.apply({ type: "text-delta", runId: "run_1", agentPath: "main", seq: 99, contentIndex: 0, timestamp: 0, text: "hi" } as StreamEvent),
    ).toBeUndefined();

    expect(log.groups()).toEqual([progress.serialize()]);
    expect(log.groups("call_1")).toEqual([
      {
        name: "Searching the web",
        icon: "SEARCH",
        steps: [
          { id: "Searching the web#1", title: "Query 1", status: "done", items: [{ kind: "text", text: "3 hits" }], startedAt: 100, endedAt: 103 },
          {
            id: "Searching the web#2",
            title: "Query 2 (retry)",
            icon: "RETRY",
            status: "failed",
            items: [{ kind: "link", url: "https://x.example" }],
            startedAt: 102,
            endedAt: 106,
          },
        ],
      },
    ]);
    // Each apply returns the group as it stood after that update.
    expect(changed.map((entry) => entry!.group.steps.map((s) => s.status).join(","))).toEqual([
      "active",
      "active",
      "active,active",
      "done,active",
      "done,active",
      "done,active",
      "done,failed",
    ]);
    expect(changed[0]).toMatchObject({ agentPath: "main", toolCallId: "call_1", toolName: "search" });
    expect(log.size).toBe(1);
  });

  it("keeps groups apart by agent, tool call and name, in order of first appearance", () => {
    const log = new ProgressLog();
    const feed = (name: string, toolCallId: string, agentPath: string) =>
      new ProgressGroup({ name, report: (u) => log.apply(progressEvent(u, toolCallId, agentPath)), now: () => 1 });
    feed("Fetching", "call_2", "main").startStep("b").end();
    feed("Searching", "call_1", "main").startStep("a");
    feed("Reading", "call_1", "main").startStep("c");
    feed("Searching", "call_1", "main/researcher#1").startStep("nested");

    expect(log.groups().map((g) => g.name)).toEqual(["Fetching", "Searching", "Reading", "Searching"]);
    expect(log.groups("call_1").map((g) => `${g.name}:${g.steps[0]!.title}`)).toEqual(["Searching:a", "Reading:c", "Searching:nested"]);
    expect(log.groups("call_1", { agentPath: "main" }).map((g) => g.name)).toEqual(["Searching", "Reading"]);
    expect(log.groups(undefined, { agentPath: "main/researcher#1" })).toEqual([
      { name: "Searching", steps: [{ id: "Searching#1", title: "nested", status: "active", items: [], startedAt: 1 }] },
    ]);
    expect(log.groups("call_9")).toEqual([]);
    expect(log.entries().map((e) => [e.agentPath, e.toolCallId])).toEqual([
      ["main", "call_2"],
      ["main", "call_1"],
      ["main", "call_1"],
      ["main/researcher#1", "call_1"],
    ]);
  });

  it("property: for random scripts over several tools and groups, the rebuilt groups equal each group's serialize()", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const next = random(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
      const log = new ProgressLog();
      let clock = 0;
      const groups: { toolCallId: string; group: ProgressGroup }[] = [];
      for (const toolCallId of ["call_a", "call_b"]) {
        for (const name of ["Searching", "Reading"]) {
          const icon = next() < 0.5 ? undefined : "ICON";
          groups.push({
            toolCallId,
            group: new ProgressGroup({
              name,
              ...(icon ? { icon } : {}),
              report: (u) => log.apply(progressEvent(u, toolCallId)),
              now: () => (clock += 1 + Math.floor(next() * 3)),
            }),
          });
        }
      }
      for (let op = 0; op < 60; op++) {
        const { group } = pick(groups);
        const active = group.getSteps().filter((e) => !e.ended);
        const roll = next();
        if (active.length === 0 || roll < 0.2) group.startStep(`step ${op}`, next() < 0.5 ? undefined : "STEP");
        else if (roll < 0.3) group.currentStep(`latest ${op}`, "WAND").send(`via latest ${op}`);
        else if (roll < 0.6)
          pick(active).send(
            next() < 0.5
              ? `line ${op}`
              : [
                  { kind: "data", data: { op } },
                  { kind: "link", url: `https://e.example/${op}` },
                ],
          );
        else if (roll < 0.7) pick(active).update({ title: `renamed ${op}`, ...(next() < 0.5 ? { icon: "NEW" } : {}) });
        else if (roll < 0.8) pick(active).end(next() < 0.3 ? "failed" : "done");
        else pick(group.getSteps()).end(); // may end an ended step: a no-op
      }
      for (const { toolCallId, group } of groups) {
        const rebuilt = log.groups(toolCallId).find((g) => g.name === group.name);
        if (group.getSteps().length === 0) expect(rebuilt).toBeUndefined();
        else expect(rebuilt, `seed ${seed}, ${toolCallId} ${group.name}`).toEqual(group.serialize());
      }
    }
  });

  it("applyProgressStepUpdate does not change the group it is given", () => {
    const first = applyProgressStepUpdate(undefined, { group: "g", stepId: "g#1", title: "t", status: "active", items: [{ kind: "text", text: "a" }], at: 1 });
    const second = applyProgressStepUpdate(first, { group: "g", stepId: "g#1", title: "t", status: "done", items: [{ kind: "text", text: "b" }], at: 2 });
    expect(first).toEqual({ name: "g", steps: [{ id: "g#1", title: "t", status: "active", items: [{ kind: "text", text: "a" }], startedAt: 1 }] });
    expect(second).toEqual({
      name: "g",
      steps: [
        {
          id: "g#1",
          title: "t",
          status: "done",
          items: [
            { kind: "text", text: "a" },
            { kind: "text", text: "b" },
          ],
          startedAt: 1,
          endedAt: 2,
        },
      ],
    });
  });
});
