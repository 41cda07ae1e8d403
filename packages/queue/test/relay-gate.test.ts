import type { StreamEvent } from "@baton/core";
import { describe, expect, it } from "vitest";
import { RelayGate } from "../src/relay/relay-gate.js";

let seq = 0;
const event = (type: string, agentPath = "main", extra: Record<string, unknown> = {}): StreamEvent =>
  ({ type, agentPath, seq: ++seq, ...extra }) as unknown as StreamEvent;
const types = (events: readonly StreamEvent[]) => events.map((item) => `${item.type}@${item.agentPath}`);

function gate(holdEnd: boolean) {
  const passed: StreamEvent[] = [];
  return { gate: new RelayGate({ emit: (item) => void passed.push(item) }, holdEnd), passed };
}

describe("RelayGate", () => {
  it("holds an attempt's opening events until it really runs, and drops them when it did not", () => {
    const { gate: opening, passed } = gate(false);
    opening.emit(event("run-start"));
    opening.emit(event("error"));
    opening.emit(event("run-end"));
    expect(passed).toEqual([]);
    opening.discard();
    opening.emit(event("run-start"));
    opening.emit(event("step-start"));
    expect(types(passed)).toEqual(["run-start@main", "step-start@main"]);
    expect(opening.open).toBe(true);
  });

  it("with holdEnd, keeps the root's closing error and run-end until told: dropped for a retry, passed for an end", () => {
    const { gate: retrying, passed } = gate(true);
    retrying.emit(event("run-start"));
    retrying.emit(event("step-start"));
    retrying.emit(event("run-start", "main/helper#1", { parentAgentPath: "main" }));
    // A nested run's end and errors are not the root's: they pass.
    retrying.emit(event("error", "main/helper#1"));
    retrying.emit(event("run-end", "main/helper#1"));
    // A root error the run went on after (a late storage write) passes once the next event comes.
    retrying.emit(event("error"));
    expect(types(passed).at(-1)).toBe("run-end@main/helper#1");
    retrying.emit(event("text-delta"));
    expect(types(passed).slice(-2)).toEqual(["error@main", "text-delta@main"]);
    retrying.emit(event("step-end"));
    retrying.emit(event("error"));
    retrying.emit(event("run-end"));
    expect(types(passed).at(-1)).toBe("step-end@main");
    const before = passed.length;
    retrying.discardEnd();
    retrying.release();
    expect(passed.length).toBe(before);

    const { gate: ending, passed: endPassed } = gate(true);
    ending.emit(event("run-start"));
    ending.emit(event("step-start"));
    ending.emit(event("error"));
    ending.emit(event("run-end"));
    expect(types(endPassed)).toEqual(["run-start@main", "step-start@main"]);
    ending.release();
    expect(types(endPassed)).toEqual(["run-start@main", "step-start@main", "error@main", "run-end@main"]);
  });
});
