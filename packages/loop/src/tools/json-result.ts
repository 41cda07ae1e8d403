import type { JsonValueProblem } from "@baton/core";

/** A value as JSON writes it, or where it stops being JSON: what {@link toJsonResult} returns. */
export type JsonResult = { readonly value: unknown } | { readonly problem: JsonValueProblem };

/** Deeper than this, a value is refused rather than walked (JSON.stringify overflows the stack a little deeper). */
const MAX_DEPTH = 1000;

/** What a child's conversion returns when it found a problem (the walk's own; no value can hold it). */
const PROBLEM: unique symbol = Symbol("json problem");

/**
 * Objects JSON writes as `{}` (or as their few enumerable properties, losing what matters)
 * or cannot write at all: refused, with what to call them. An `Error` loses its message
 * and stack (a tool fails a call by throwing), a `RegExp` its pattern, and a `Promise`
 * is most often an `await` forgotten.
 */
const REFUSED: readonly (readonly [abstract new (...args: never[]) => unknown, string])[] = [
  [Map, "a Map"],
  [Set, "a Set"],
  [WeakMap, "a WeakMap"],
  [WeakSet, "a WeakSet"],
  [BigInt as unknown as abstract new () => unknown, "a BigInt"],
  [Error, "an Error (throw it to fail the call, or return its message)"],
  [RegExp, "a RegExp"],
  [Promise, "a Promise (an await forgotten?)"],
];

/** One walk: the objects on the way (for cycles and depth), and a problem's kind and the keys from it back up to the root. */
interface Walk {
  readonly ancestors: object[];
  kind: string;
  readonly keys: (string | number)[];
}

/**
 * `value` as JSON writes it, applied before anything else sees it — so that what a
 * process hands on (a tool's result to the model, say) is the same value a resumed
 * run reads back from stored JSON — or, where JSON would lose or refuse part of it, a
 * problem naming where and what.
 *
 * JSON's rules: an object's (or a BigInt's) `toJSON()` is called (a `Date` becomes its
 * ISO string); `undefined`, functions and symbols are left out of objects and become
 * `null` in arrays; a `Number`, `String` or `Boolean` object becomes its primitive; a
 * class instance keeps its own enumerable properties. Refused: a `Map`, `Set`,
 * `WeakMap`, `WeakSet`, `Error`, `RegExp` or `Promise` (JSON writes `{}`, or an
 * error's enumerable properties without its message), `NaN`, `Infinity` and `-Infinity` (JSON
 * writes `null`), a BigInt, a circular reference, a function or symbol as the whole
 * value, a `toJSON()` that throws, and a value nested deeper than 1000 levels.
 *
 * Primitives answer at once; an object is walked once and copied only where something
 * changes: a value that is JSON already (most are) comes back as the same object.
 *
 * @param root the name of the value in a problem's path (`result` gives `result.items[2].id`).
 * @example
 * toJsonResult({ at: new Date(0), skip: undefined }, "result"); // { value: { at: "1970-01-01T00:00:00.000Z" } }
 * toJsonResult({ scores: new Map() }, "result"); // { problem: { path: "result.scores", kind: "a Map" } }
 */
export function toJsonResult(value: unknown, root = "value"): JsonResult {
  const type = typeof value;
  if (type === "function" || type === "symbol") return { problem: { path: root, kind: `a ${type}` } };
  if (value === null || (type !== "object" && type !== "bigint" && (type !== "number" || Number.isFinite(value)))) return { value };
  const walk: Walk = { ancestors: [], kind: "", keys: [] };
  const converted = convert(value, "", walk);
  if (converted === PROBLEM) return { problem: { path: pathOf(root, walk.keys), kind: walk.kind } };
  return { value: converted };
}

/** `value` (the property `key` of its holder) as JSON writes it: the same value when nothing changes, `undefined` for what JSON leaves out, or {@link PROBLEM}. */
function convert(value: unknown, key: string | number, walk: Walk): unknown {
  if (value !== null && (typeof value === "object" || typeof value === "bigint")) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") {
      try {
        value = toJSON.call(value, String(key));
      } catch {
        return fail(walk, "a value whose toJSON fails");
      }
    }
    if (value instanceof Number || value instanceof String || value instanceof Boolean) value = value.valueOf();
  }
  switch (typeof value) {
    case "number":
      return Number.isFinite(value) ? value : fail(walk, Number.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity");
    case "bigint":
      return fail(walk, "a BigInt");
    case "function":
    case "symbol":
      return undefined;
    case "object":
      if (value === null) return null;
      break;
    default:
      return value;
  }
  const object = value as object;
  for (const [refused, kind] of REFUSED) if (object instanceof refused) return fail(walk, kind);
  const { ancestors } = walk;
  if (ancestors.includes(object)) return fail(walk, "a circular reference");
  if (ancestors.length >= MAX_DEPTH) return fail(walk, `a value nested deeper than ${MAX_DEPTH} levels`);
  ancestors.push(object);
  const converted = Array.isArray(object) ? convertArray(object, walk) : convertObject(object as Record<string, unknown>, walk);
  ancestors.pop();
  return converted;
}

/** An array as JSON writes it: a copy only once an item changes (what JSON leaves out becomes `null`). */
function convertArray(array: readonly unknown[], walk: Walk): unknown {
  let copy: unknown[] | undefined;
  for (let i = 0; i < array.length; i++) {
    const item = array[i];
    const converted = convert(item, i, walk) ?? null;
    if (converted === PROBLEM) {
      walk.keys.push(i);
      return PROBLEM;
    }
    if (copy) copy.push(converted);
    else if (converted !== item) (copy = array.slice(0, i)).push(converted);
  }
  return copy ?? array;
}

/** An object as JSON writes it (its own enumerable string keys): a copy only once a property changes or is left out. */
function convertObject(record: Record<string, unknown>, walk: Walk): unknown {
  let copy: Record<string, unknown> | undefined;
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const property = record[key];
    const converted = convert(property, key, walk);
    if (converted === PROBLEM) {
      walk.keys.push(key);
      return PROBLEM;
    }
    if (!copy && (converted !== property || converted === undefined)) {
      copy = {};
      for (let j = 0; j < i; j++) setProperty(copy, keys[j]!, record[keys[j]!]);
    }
    if (copy && converted !== undefined) setProperty(copy, key, converted);
  }
  return copy ?? record;
}

/** Sets an own property, also one named `__proto__` (which an assignment would take as the prototype). */
function setProperty(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

function fail(walk: Walk, kind: string): typeof PROBLEM {
  walk.kind = kind;
  return PROBLEM;
}

/** The path of a problem from `root`: `result.items[2].id`, `result["odd key"]` (the keys were collected from the problem up). */
function pathOf(root: string, keys: readonly (string | number)[]): string {
  let path = root;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i]!;
    path += typeof key === "number" ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  }
  return path;
}
