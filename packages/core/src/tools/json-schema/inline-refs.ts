import { resolveLocalPointer } from "./json-pointer.js";
import { REMOVED_KEYWORDS, SUBSCHEMA_ARRAY_KEYWORDS, SUBSCHEMA_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS } from "./schema-keywords.js";

/** Thrown by {@link inlineRefs}; the caller turns it into an `InvalidToolSchemaError`. */
export class SchemaRewriteError extends Error {}

type JsonObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A deep copy of a JSON value (data such as `enum`, `default`, `examples`), dropping `undefined`. */
function copyData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyData);
  if (isPlainObject(value)) {
    const copy: JsonObject = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) copy[key] = copyData(item);
    return copy;
  }
  return value;
}

/**
 * Returns a rewritten deep copy of `root` (never mutating it) in which:
 * - every local `$ref` is replaced by the schema it points to (keywords beside the
 *   `$ref`, such as a `description`, win over the target's);
 * - `$schema`, `$id`, `definitions` and `$defs` are removed;
 * - `const: x` becomes `enum: [x]` (same meaning; older Gemini models reject `const`);
 * - `undefined` values are dropped.
 *
 * Walks schema keywords only, so data (`enum`, `default`, `examples`) and property
 * *names* are never mistaken for keywords. Throws {@link SchemaRewriteError} for a
 * recursive, non-local or dangling `$ref`.
 */
export function inlineRefs(root: unknown): unknown {
  return rewriteSchema(root, root, []);
}

function rewriteSchema(schema: unknown, root: unknown, refStack: readonly string[]): unknown {
  if (!isPlainObject(schema)) return copyData(schema); // boolean schemas
  const ref = schema.$ref;
  if (typeof ref === "string") return rewriteRef(schema, ref, root, refStack);

  const result: JsonObject = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (value === undefined || REMOVED_KEYWORDS.has(keyword)) continue;
    if (SUBSCHEMA_KEYWORDS.has(keyword)) {
      result[keyword] = Array.isArray(value) ? value.map((item) => rewriteSchema(item, root, refStack)) : rewriteSchema(value, root, refStack);
    } else if (SUBSCHEMA_ARRAY_KEYWORDS.has(keyword) && Array.isArray(value)) {
      result[keyword] = value.map((item) => rewriteSchema(item, root, refStack));
    } else if (SUBSCHEMA_MAP_KEYWORDS.has(keyword) && isPlainObject(value)) {
      const map: JsonObject = {};
      for (const [name, item] of Object.entries(value)) {
        if (item !== undefined) map[name] = Array.isArray(item) ? copyData(item) : rewriteSchema(item, root, refStack);
      }
      result[keyword] = map;
    } else if (keyword === "const") {
      if (!("enum" in schema)) result.enum = [copyData(value)];
    } else {
      result[keyword] = copyData(value);
    }
  }
  return result;
}

function rewriteRef(schema: JsonObject, ref: string, root: unknown, refStack: readonly string[]): unknown {
  if (!ref.startsWith("#")) throw new SchemaRewriteError(`external $ref "${ref}" is not supported; inline the schema`);
  if (refStack.includes(ref)) {
    throw new SchemaRewriteError(`recursive $ref "${ref}" is not supported; model providers need a finite schema`);
  }
  const target = resolveLocalPointer(root, ref);
  if (target === undefined) throw new SchemaRewriteError(`$ref "${ref}" points to nothing`);
  const resolved = rewriteSchema(target, root, [...refStack, ref]);
  const { $ref: _ref, ...siblings } = schema;
  const rest = rewriteSchema(siblings, root, refStack);
  if (!isPlainObject(resolved)) {
    // A boolean target: `true` adds nothing, `false` accepts nothing.
    if (resolved === false) return { not: {}, ...(rest as JsonObject) };
    return rest;
  }
  return { ...resolved, ...(rest as JsonObject) };
}
