import { describe, expect, it } from "vitest";
import { describeDifference, firstDifference } from "../src/index.js";

describe("firstDifference and describeDifference", () => {
  it("find the first difference in document order, with absent keys and undefined values alike", () => {
    expect(firstDifference({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toBeUndefined();
    expect(firstDifference({ a: 1, b: undefined }, { a: 1 })).toBeUndefined();
    expect(firstDifference({ a: 1, b: [1, 2] }, { a: 2, b: [1, 3] })).toEqual({ path: "a", recorded: 1, replayed: 2 });
    expect(firstDifference({ list: [1, 2] }, { list: [1, 2, 3] })).toEqual({ path: "list[2]", recorded: undefined, replayed: 3 });
    expect(firstDifference({ a: { b: "x" } }, { a: { b: "x", c: true } })).toEqual({ path: "a.c", recorded: undefined, replayed: true });
    expect(firstDifference([{ n: 1 }], [{ n: "1" }])).toEqual({ path: "[0].n", recorded: 1, replayed: "1" });
    expect(firstDifference("a", { a: 1 })).toEqual({ path: "", recorded: "a", replayed: { a: 1 } });
  });

  it("describe long texts by a window around their first differing character, and absent values as such", () => {
    const recorded = `${"a".repeat(100)}X${"b".repeat(100)}`;
    const replayed = `${"a".repeat(100)}Y${"b".repeat(100)}`;
    expect(describeDifference({ path: "messages[0].content", recorded, replayed })).toBe(
      `at messages[0].content:\n  - recorded: …"${"a".repeat(40)}X${"b".repeat(39)}"…\n  + replayed: …"${"a".repeat(40)}Y${"b".repeat(39)}"…`,
    );
    expect(describeDifference({ path: "tools[1]", recorded: undefined, replayed: { name: "search" } })).toBe(
      'at tools[1]:\n  - recorded: (absent)\n  + replayed: {"name":"search"}',
    );
  });
});
