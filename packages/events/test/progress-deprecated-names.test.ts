import { describe, expect, it } from "vitest";
import type { ProgressStepUpdate } from "@baton/core";
import { testToolContext } from "@baton/testing";
import { EventManager, ProgressEvent, ProgressGroup, ProgressStep, type EventManagerOptions } from "../src/index.js";

/**
 * The former names (`EventManager`, `createEvent`, `getOrCreateLatestEvent`,
 * `getEvents`, `ProgressEvent`) still work for one release: they are the new classes
 * and methods under the old names, so code written against them behaves the same.
 */
describe("the deprecated progress names", () => {
  it("EventManager is ProgressGroup and ProgressEvent is ProgressStep (the same classes, so instanceof agrees)", () => {
    expect(EventManager).toBe(ProgressGroup);
    expect(ProgressEvent).toBe(ProgressStep);
    const options: EventManagerOptions = { name: "g", report: () => undefined };
    const group = new EventManager(options);
    expect(group).toBeInstanceOf(ProgressGroup);
    expect(group.createEvent("s")).toBeInstanceOf(ProgressEvent);
  });

  it("createEvent, getOrCreateLatestEvent and getEvents do what startStep, currentStep and getSteps do", () => {
    const updates: ProgressStepUpdate[] = [];
    let t = 0;
    const group = new EventManager({ name: "Search", report: (update) => updates.push(update), now: () => t++ });
    const first = group.createEvent("Querying", "GLOBE");
    expect(group.getOrCreateLatestEvent("unused")).toBe(first);
    first.end();
    const second = group.getOrCreateLatestEvent("Reading");
    expect([first.id, second.id, second.title]).toEqual(["Search#1", "Search#2", "Reading"]);
    expect(group.getEvents()).toEqual([first, second]);
    expect(updates.map((update) => `${update.stepId}:${update.status}@${update.at}`)).toEqual(["Search#1:active@0", "Search#1:done@1", "Search#2:active@2"]);
  });

  it("EventManager.forTool reports through the tool's context, as ProgressGroup.forTool does", () => {
    const ctx = testToolContext({ toolName: "web_search" });
    EventManager.forTool(ctx, "Searching", undefined, { now: () => 7 })
      .createEvent("Querying")
      .end();
    expect(ctx.steps).toEqual([
      { group: "Searching", stepId: "Searching#1", title: "Querying", status: "active", at: 7 },
      { group: "Searching", stepId: "Searching#1", title: "Querying", status: "done", at: 7 },
    ]);
  });
});
