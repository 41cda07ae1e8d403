import { describe, expect, it } from "vitest";
import { jsonValueProblem } from "./json-value-problem.js";

describe("jsonValueProblem", () => {
  it("accepts what JSON writes: primitives, nested objects, dates, undefined and functions as properties", () => {
    for (const value of [null, undefined, 1, NaN, "x", true, { a: [1, { b: "c" }] }, new Date(0), { skip: undefined, fn: () => 1 }]) {
      expect(jsonValueProblem(value)).toBeUndefined();
    }
  });

  it("names a BigInt, a function, a symbol and a circular reference, with where they are", () => {
    expect(jsonValueProblem(10n, "result")).toEqual({ path: "result", kind: "a BigInt" });
    expect(jsonValueProblem(() => 1, "result")).toEqual({ path: "result", kind: "a function" });
    expect(jsonValueProblem(Symbol("s"), "result")).toEqual({ path: "result", kind: "a symbol" });
    expect(jsonValueProblem({ items: [{ id: 1 }, { id: 2n }] }, "result")).toEqual({ path: "result.items[1].id", kind: "a BigInt" });
    const loop: Record<string, unknown> = { name: "a" };
    loop.self = { back: loop };
    expect(jsonValueProblem(loop, "result")).toEqual({ path: "result.self.back", kind: "a circular reference" });
    expect(jsonValueProblem({ "odd key": 1n })).toEqual({ path: 'value["odd key"]', kind: "a BigInt" });
  });

  it("accepts a value seen twice that is not a cycle", () => {
    const shared = { x: 1 };
    expect(jsonValueProblem({ a: shared, b: [shared, shared] })).toBeUndefined();
  });
});
