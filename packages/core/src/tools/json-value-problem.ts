/** Where a value stops being JSON, and what is there. */
export interface JsonValueProblem {
  /** A path from `root`: `result.items[2].id`. */
  readonly path: string;
  /** What is there: `a BigInt`, `a function`, `a symbol`, `a circular reference`. */
  readonly kind: string;
}

function kindOf(value: unknown): string | undefined {
  switch (typeof value) {
    case "bigint":
      return "a BigInt";
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    default:
      return undefined;
  }
}

function childPath(path: string, key: string | number): string {
  return typeof key === "number" ? `${path}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/**
 * The first place where `value` cannot be written as JSON (a BigInt, a function or a
 * symbol where JSON needs a value, or a circular reference), or undefined when
 * `JSON.stringify` would write it. Values with a `toJSON` method (a `Date`) are taken
 * as they write themselves; `undefined` and functions as object properties are left
 * out by JSON and so are fine there. Strings, numbers, booleans and null answer at
 * once; an object is tried with `JSON.stringify`, and only when that throws is it
 * walked (without recursion) to say where.
 *
 * @example
 * jsonValueProblem({ total: 10n }, "result"); // { path: "result.total", kind: "a BigInt" }
 */
export function jsonValueProblem(value: unknown, root = "value"): JsonValueProblem | undefined {
  if (value === null || typeof value !== "object") {
    const kind = kindOf(value);
    return kind ? { path: root, kind } : undefined;
  }
  try {
    JSON.stringify(value);
    return undefined;
  } catch {
    // Walk it to say where (a toJSON that throws is reported at the value itself).
  }
  return whereNotJson(value, root) ?? { path: root, kind: "a value whose toJSON fails" };
}

function whereNotJson(value: object, root: string): JsonValueProblem | undefined {
  // Each entry: a value to visit, its path, and the objects on the way to it (for cycles).
  const stack: { value: object; path: string; ancestors: ReadonlySet<object> }[] = [{ value, path: root, ancestors: new Set() }];
  while (stack.length > 0) {
    const { value: current, path, ancestors } = stack.pop()!;
    if (typeof (current as { toJSON?: unknown }).toJSON === "function") continue;
    const inside = new Set(ancestors).add(current);
    const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((item, i) => [i, item]) : Object.entries(current);
    for (const [key, child] of entries) {
      const at = childPath(path, key);
      if (child === null || child === undefined) continue;
      if (typeof child === "object") {
        if (inside.has(child)) return { path: at, kind: "a circular reference" };
        stack.push({ value: child, path: at, ancestors: inside });
        continue;
      }
      // JSON leaves functions and symbols out of objects (in arrays they become null): only a BigInt throws.
      if (typeof child === "bigint") return { path: at, kind: "a BigInt" };
    }
  }
  return undefined;
}
