import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toolResultValueText } from "@baton/core";
import { toJsonResult } from "../src/tools/json-result.js";
import { isPlainJson } from "../src/tools/plain-json.js";

/** The value a resumed run reads back: the result as a JSON state stores it. */
const afterResume = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

const convertedValue = (value: unknown): unknown => {
  const converted = toJsonResult(value, "result");
  if (!("value" in converted)) throw new Error(`unexpected problem: ${JSON.stringify(converted.problem)}`);
  return converted.value;
};

const problemOf = (value: unknown) => {
  const converted = toJsonResult(value, "result");
  return "problem" in converted ? converted.problem : undefined;
};

describe("toJsonResult: the model sees the same value in the process and after a resume", () => {
  it("gives strings, booleans, null, finite numbers and undefined as they are", () => {
    for (const value of ["", "text", true, false, null, 0, -0, 1.5, Number.MAX_VALUE, undefined]) {
      expect(toJsonResult(value, "result")).toEqual({ value });
    }
  });

  it("gives a result that is JSON already back as the same object, not a copy", () => {
    const result = { city: "Paris", celsius: 21, tags: ["warm", { source: "api" }], note: null, ok: true };
    expect(convertedValue(result)).toBe(result);
    const list = [1, "two", [3], { four: 4 }];
    expect(convertedValue(list)).toBe(list);
    expect(convertedValue(Object.create(null))).toEqual({});
  });

  it("writes a Date as its ISO string, at the top and inside, as a stored state gives it back", () => {
    expect(convertedValue(new Date(0))).toBe("1970-01-01T00:00:00.000Z");
    const result = { when: new Date(0), n: 1 };
    expect(convertedValue(result)).toEqual({ when: "1970-01-01T00:00:00.000Z", n: 1 });
    expect(convertedValue(result)).toEqual(afterResume(result));
    // The tool's own object is left as it was.
    expect(result.when).toBeInstanceOf(Date);
  });

  it("copies only the path to a change: untouched branches are the tool's own objects", () => {
    const untouched = { rows: [{ id: 1 }, { id: 2 }] };
    const changed = { at: new Date(0) };
    const result = { untouched, changed, items: [untouched, changed] };
    const converted = convertedValue(result) as typeof result;
    expect(converted).not.toBe(result);
    expect(converted.untouched).toBe(untouched);
    expect(converted.items[0]).toBe(untouched);
    expect(converted.changed).toEqual({ at: "1970-01-01T00:00:00.000Z" });
  });

  it("applies toJSON() with its key, as JSON does", () => {
    const keys: string[] = [];
    const money = { toJSON: (key: string) => (keys.push(key), "12.50 EUR") };
    expect(convertedValue({ price: money, list: [money] })).toEqual({ price: "12.50 EUR", list: ["12.50 EUR"] });
    expect(convertedValue(money)).toBe("12.50 EUR");
    expect(keys).toEqual(["price", "0", ""]);
  });

  it("leaves undefined, functions and symbols out of objects and writes them as null in arrays (holes too)", () => {
    const result = { keep: 1, none: undefined, fn: () => 1, sym: Symbol("s"), list: [undefined, () => 1, Symbol("s"), 2] };
    expect(convertedValue(result)).toEqual({ keep: 1, list: [null, null, null, 2] });
    expect(Object.keys(convertedValue(result) as object)).toEqual(["keep", "list"]);
    // biome-ignore lint/suspicious/noSparseArray: a hole is what is tested.
    expect(convertedValue([1, , 3])).toEqual([1, null, 3]);
    expect(convertedValue({ none: undefined })).toEqual({});
  });

  it("writes Number, String and Boolean objects as their primitives, and keeps a property named __proto__", () => {
    expect(convertedValue({ n: Object(2), s: Object("x"), b: Object(false) })).toEqual({ n: 2, s: "x", b: false });
    const odd = JSON.parse('{"__proto__": {"a": 1}, "at": 0}') as Record<string, unknown>;
    odd.at = new Date(0);
    const converted = convertedValue(odd) as Record<string, unknown>;
    expect(Object.getPrototypeOf(converted)).toBe(Object.prototype);
    expect(Object.keys(converted)).toEqual(["__proto__", "at"]);
    expect(JSON.stringify(converted)).toBe('{"__proto__":{"a":1},"at":"1970-01-01T00:00:00.000Z"}');
  });

  it("keeps a class instance's own enumerable properties (what JSON writes)", () => {
    class Point {
      constructor(
        readonly x: number,
        readonly y: number,
      ) {}
      get length(): number {
        return Math.hypot(this.x, this.y);
      }
    }
    const point = new Point(3, 4);
    expect(convertedValue(point)).toBe(point);
    expect(JSON.stringify(convertedValue({ at: new Date(0), point }))).toBe('{"at":"1970-01-01T00:00:00.000Z","point":{"x":3,"y":4}}');
  });

  it("accepts a value seen twice that is not a cycle", () => {
    const shared = { at: new Date(0) };
    expect(convertedValue({ a: shared, b: [shared, shared] })).toEqual({
      a: { at: "1970-01-01T00:00:00.000Z" },
      b: [{ at: "1970-01-01T00:00:00.000Z" }, { at: "1970-01-01T00:00:00.000Z" }],
    });
  });

  it("equals the stored JSON of any result JSON can write without loss, and reads the same to the model", () => {
    const leaf = fc.oneof(
      fc.string({ maxLength: 8 }),
      // -0 is written "0" in both (the model reads the same), but is not equal to 0 for toEqual.
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => n + 0),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.date({ noInvalidDate: true }),
      fc.constant(() => 1),
    );
    const value = fc.letrec((tie) => ({
      any: fc.oneof({ depthSize: "small" }, leaf, tie("array"), tie("object")),
      array: fc.array(tie("any"), { maxLength: 4 }),
      object: fc.dictionary(fc.string({ maxLength: 6 }), tie("any"), { maxKeys: 4 }),
    })).any;
    fc.assert(
      fc.property(value, (result) => {
        if (typeof result === "function") return;
        const converted = convertedValue(result);
        expect(converted).toEqual(afterResume(result));
        expect(toolResultValueText(converted)).toBe(toolResultValueText(afterResume(result)));
        // The loop's quick test never lets through what the conversion would change: a plain JSON value comes back as itself.
        if (isPlainJson(result)) expect(converted).toBe(result);
      }),
      { numRuns: 300 },
    );
  });
});

describe("isPlainJson: the loop's quick test before the conversion", () => {
  it("says yes only to strings, booleans, null, finite numbers, and arrays and plain objects of those", () => {
    for (const plain of ["a", true, null, 1.5, [], {}, [1, "b", [null]], { a: { b: [1, { c: "d" }] } }, Object.create(null)])
      expect(isPlainJson(plain)).toBe(true);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    // biome-ignore lint/suspicious/noSparseArray: a hole, which JSON writes as null
    const holey = [1, , 3];
    for (const other of [
      undefined,
      Number.NaN,
      Infinity,
      10n,
      () => 1,
      Symbol("s"),
      new Date(0),
      new Map(),
      { a: undefined },
      [undefined],
      holey,
      { a: new Date(0) },
      cycle,
    ])
      expect(isPlainJson(other)).toBe(false);
  });
});

describe("toJsonResult: what JSON would lose or refuse is a problem naming where and what", () => {
  it("a Map, a Set, a WeakMap and a WeakSet (JSON writes {})", () => {
    expect(problemOf(new Map([["a", 1]]))).toEqual({ path: "result", kind: "a Map" });
    expect(problemOf({ tags: new Set(["a"]) })).toEqual({ path: "result.tags", kind: "a Set" });
    expect(problemOf({ cache: [new WeakMap()] })).toEqual({ path: "result.cache[0]", kind: "a WeakMap" });
    expect(problemOf({ "seen ids": new WeakSet() })).toEqual({ path: 'result["seen ids"]', kind: "a WeakSet" });
    class Registry extends Map<string, number> {}
    expect(problemOf({ registry: new Registry() })).toEqual({ path: "result.registry", kind: "a Map" });
  });

  it("an Error, a RegExp and a Promise (JSON writes {} or an error's enumerable properties, losing its message)", () => {
    expect(problemOf(new Error("not found"))).toEqual({ path: "result", kind: "an Error (throw it to fail the call, or return its message)" });
    class LookupError extends Error {
      readonly code = "E_LOOKUP";
    }
    expect(problemOf({ failures: [new LookupError("gone")] })).toEqual({
      path: "result.failures[0]",
      kind: "an Error (throw it to fail the call, or return its message)",
    });
    expect(problemOf({ pattern: /a+b/gi })).toEqual({ path: "result.pattern", kind: "a RegExp" });
    expect(problemOf({ data: Promise.resolve(1) })).toEqual({ path: "result.data", kind: "a Promise (an await forgotten?)" });
  });

  it("NaN, Infinity and -Infinity (JSON writes null)", () => {
    expect(problemOf(Number.NaN)).toEqual({ path: "result", kind: "NaN" });
    expect(problemOf({ score: Number.POSITIVE_INFINITY })).toEqual({ path: "result.score", kind: "Infinity" });
    expect(problemOf({ rows: [{ min: Number.NEGATIVE_INFINITY }] })).toEqual({ path: "result.rows[0].min", kind: "-Infinity" });
    expect(problemOf({ boxed: Object(Number.NaN) })).toEqual({ path: "result.boxed", kind: "NaN" });
  });

  it("a BigInt, unless it has a toJSON()", () => {
    expect(problemOf(10n)).toEqual({ path: "result", kind: "a BigInt" });
    expect(problemOf({ items: [{ id: 1 }, { id: 2n }] })).toEqual({ path: "result.items[1].id", kind: "a BigInt" });
    expect(problemOf({ total: Object(3n) })).toEqual({ path: "result.total", kind: "a BigInt" });
    const prototype = BigInt.prototype as unknown as { toJSON?: () => string };
    prototype.toJSON = function (this: bigint) {
      return this.toString();
    };
    try {
      expect(convertedValue({ total: 10n })).toEqual({ total: "10" });
    } finally {
      delete prototype.toJSON;
    }
  });

  it("a circular reference, also one reached through toJSON()", () => {
    const loop: Record<string, unknown> = { name: "a" };
    loop.self = { back: loop };
    expect(problemOf(loop)).toEqual({ path: "result.self.back", kind: "a circular reference" });
    const list: unknown[] = [1];
    list.push(list);
    expect(problemOf(list)).toEqual({ path: "result[1]", kind: "a circular reference" });
    const outer: Record<string, unknown> = {};
    outer.inner = { toJSON: () => ({ up: outer }) };
    expect(problemOf(outer)).toEqual({ path: "result.inner.up", kind: "a circular reference" });
  });

  it("a function or a symbol as the whole result (JSON writes nothing)", () => {
    expect(problemOf(() => "hi")).toEqual({ path: "result", kind: "a function" });
    expect(problemOf(Symbol("s"))).toEqual({ path: "result", kind: "a symbol" });
  });

  it("a toJSON() that throws, and a value nested deeper than 1000 levels", () => {
    const broken = {
      toJSON() {
        throw new Error("no");
      },
    };
    expect(problemOf({ value: broken })).toEqual({ path: "result.value", kind: "a value whose toJSON fails" });
    let deep: unknown = 1;
    for (let i = 0; i < 1000; i++) deep = [deep];
    expect(convertedValue(deep)).toBe(deep);
    expect(problemOf([deep])).toMatchObject({ kind: "a value nested deeper than 1000 levels" });
  });

  it("names the path from the given root", () => {
    expect(toJsonResult({ a: new Map() }, "value")).toEqual({ problem: { path: "value.a", kind: "a Map" } });
  });
});
