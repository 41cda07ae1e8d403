import { InvalidRequestError, type JsonSchema } from "@baton/core";
import type { GeminiSchema } from "../sdk-types.js";

/**
 * JSON Schema → the OpenAPI-3.0 subset Gemini reads in `FunctionDeclaration.parameters`.
 *
 * Converted: `type` (upper-cased; `["x","null"]` → `nullable`), `const` → `enum`,
 * `anyOf`/`oneOf` (null branches → `nullable`, a single remaining branch is inlined,
 * `oneOf` becomes the looser `anyOf`), `allOf` (merged), local `$ref`s (inlined from
 * `$defs`/`definitions`), `exclusiveMinimum`/`exclusiveMaximum` → `minimum`/`maximum`,
 * `examples` → `example`, numeric and boolean enums → a sentence in `description`
 * (Gemini lists only string values).
 * Dropped: `additionalProperties`, `$schema`, `$id`, `$defs`, `propertyNames`,
 * `uniqueItems`, `multipleOf`, formats Gemini does not know, and any other annotation.
 * Refused, with an {@link InvalidRequestError} naming the tool and the keyword:
 * `not`, `if`/`then`/`else`, `patternProperties`, tuple `items`/`prefixItems`,
 * `dependentSchemas`/`dependentRequired`, `contains`, recursive or non-local `$ref`s,
 * several non-null types, conflicting `allOf` branches, enums of objects.
 */
export function toGeminiSchema(toolName: string, parameters: JsonSchema): GeminiSchema | undefined {
  const converted = convert({ tool: toolName, root: parameters }, parameters, "", []);
  const properties = converted.properties as Record<string, unknown> | undefined;
  // A function without parameters is declared without a schema.
  if (converted.type === "OBJECT" && (properties === undefined || Object.keys(properties).length === 0)) return undefined;
  return converted as GeminiSchema;
}

type SchemaObject = Record<string, unknown>;

interface Conversion {
  readonly tool: string;
  readonly root: JsonSchema;
}

const GEMINI_TYPES: Readonly<Record<string, string>> = {
  string: "STRING",
  number: "NUMBER",
  integer: "INTEGER",
  boolean: "BOOLEAN",
  array: "ARRAY",
  object: "OBJECT",
  null: "NULL",
};

/** Keywords that change what is valid and have no Gemini equivalent. */
const REFUSED: Readonly<Record<string, string>> = {
  not: "negated schemas cannot be expressed",
  if: "conditional schemas cannot be expressed",
  // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword in a lookup table, never awaited.
  then: "conditional schemas cannot be expressed",
  else: "conditional schemas cannot be expressed",
  patternProperties: "property names matched by pattern cannot be expressed",
  prefixItems: "tuple arrays cannot be expressed",
  dependentSchemas: "dependent schemas cannot be expressed",
  dependentRequired: "dependent requirements cannot be expressed",
  dependencies: "dependent requirements cannot be expressed",
  contains: "array containment cannot be expressed",
  $dynamicRef: "dynamic references cannot be inlined",
  $recursiveRef: "recursive references cannot be inlined",
};

/** The formats Gemini accepts, by type; other formats are dropped. */
const FORMATS: Readonly<Record<string, readonly string[]>> = {
  STRING: ["date-time", "enum"],
  NUMBER: ["float", "double"],
  INTEGER: ["int32", "int64"],
};

/** Annotations that the parent of an inlined `anyOf` branch keeps. */
const ANNOTATIONS = ["description", "title", "default", "example"];

function isObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fail(context: Conversion, keyword: string, path: string, why: string): never {
  throw new InvalidRequestError(
    `tool "${context.tool}": the JSON Schema keyword "${keyword}" at ${path === "" ? "the root" : path} cannot be converted to Gemini's function schema: ${why}. ` +
      `Simplify the schema, or create the provider with toolSchema: "json-schema" to send it unconverted.`,
    { provider: "google", providerCode: "unsupported_schema" },
  );
}

function convert(context: Conversion, node: unknown, path: string, refs: readonly string[]): SchemaObject {
  if (node === true) return {};
  if (!isObject(node)) fail(context, node === false ? "false" : "type", path, "a schema must be an object");
  if (typeof node.$ref === "string") {
    const { schema, refs: inner } = inlineRef(context, node, path, refs);
    return convert(context, schema, path, inner);
  }
  for (const keyword of Object.keys(node)) {
    const why = REFUSED[keyword];
    if (why !== undefined) fail(context, keyword, path, why);
  }
  if (Array.isArray(node.items)) fail(context, "items", path, "tuple arrays (a list of item schemas) cannot be expressed");
  if (node.allOf !== undefined) {
    const merged = mergeAllOf(context, node, path, refs);
    return convert(context, merged.schema, path, merged.refs);
  }
  if (node.anyOf !== undefined || node.oneOf !== undefined) return convertUnion(context, node, path, refs);
  return convertPlain(context, node, path, refs);
}

/** The schema a `$ref` points to, with the referring schema's other keywords on top. */
function inlineRef(context: Conversion, node: SchemaObject, path: string, refs: readonly string[]): { schema: unknown; refs: readonly string[] } {
  const ref = node.$ref as string;
  if (refs.includes(ref)) fail(context, "$ref", path, `"${ref}" refers back to itself, and a recursive schema cannot be inlined`);
  if (ref !== "#" && !ref.startsWith("#/")) fail(context, "$ref", path, `"${ref}" is not a local reference (#/...), so it cannot be inlined`);
  let target: unknown = context.root;
  for (const raw of ref === "#" ? [] : ref.slice(2).split("/")) {
    const segment = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    target = isObject(target) || Array.isArray(target) ? (target as Record<string, unknown>)[segment] : undefined;
  }
  if (target === undefined) fail(context, "$ref", path, `"${ref}" does not point into the schema`);
  const { $ref: _ref, ...siblings } = node;
  const schema = Object.keys(siblings).length === 0 || !isObject(target) ? target : { ...target, ...siblings };
  return { schema, refs: [...refs, ref] };
}

/** Folds `allOf` branches into one schema: properties and `required` are united; other keywords must agree. */
function mergeAllOf(context: Conversion, node: SchemaObject, path: string, refs: readonly string[]): { schema: SchemaObject; refs: readonly string[] } {
  const { allOf, ...merged } = node;
  if (!Array.isArray(allOf)) fail(context, "allOf", path, "it must be a list of schemas");
  let seen = refs;
  allOf.forEach((entry: unknown, i) => {
    const branchPath = `${path}/allOf/${i}`;
    let branch = entry;
    while (isObject(branch) && typeof branch.$ref === "string") {
      const inlined = inlineRef(context, branch, branchPath, seen);
      branch = inlined.schema;
      seen = inlined.refs;
    }
    if (branch === true) return;
    if (!isObject(branch)) fail(context, "allOf", branchPath, "a branch must be a schema object");
    if (branch.allOf !== undefined) {
      const inner = mergeAllOf(context, branch, branchPath, seen);
      branch = inner.schema;
      seen = inner.refs;
    }
    for (const [key, value] of Object.entries(branch as SchemaObject)) {
      if (key === "properties" && isObject(value)) {
        const properties = { ...(isObject(merged.properties) ? merged.properties : {}) };
        for (const [name, schema] of Object.entries(value)) {
          if (properties[name] !== undefined && JSON.stringify(properties[name]) !== JSON.stringify(schema)) {
            fail(context, "allOf", branchPath, `property "${name}" is defined differently by two branches`);
          }
          properties[name] = schema;
        }
        merged.properties = properties;
      } else if (key === "required" && Array.isArray(value)) {
        merged.required = [...new Set([...(Array.isArray(merged.required) ? merged.required : []), ...value])];
      } else if (merged[key] === undefined) {
        merged[key] = value;
      } else if (!ANNOTATIONS.includes(key) && JSON.stringify(merged[key]) !== JSON.stringify(value)) {
        fail(context, "allOf", branchPath, `its "${key}" conflicts with another branch`);
      }
    }
  });
  return { schema: merged, refs: seen };
}

function isNullSchema(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (schema.type === "null" || schema.const === null) return true;
  return Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;
}

function convertUnion(context: Conversion, node: SchemaObject, path: string, refs: readonly string[]): SchemaObject {
  if (node.anyOf !== undefined && node.oneOf !== undefined) fail(context, "oneOf", path, "anyOf and oneOf cannot be combined");
  const keyword = node.anyOf !== undefined ? "anyOf" : "oneOf";
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = node;
  const branches = node[keyword];
  if (!Array.isArray(branches) || branches.length === 0) fail(context, keyword, path, "it must be a non-empty list of schemas");
  const kept = branches.map((branch: unknown, i) => ({ branch, i })).filter(({ branch }) => !isNullSchema(branch));
  const nullable = kept.length < branches.length;
  const outer = convertPlain(context, kept.length === 0 ? { ...rest, type: "null" } : rest, path, refs);
  let out: SchemaObject;
  if (kept.length === 1) {
    const only = kept[0]!;
    out = convert(context, only.branch, `${path}/${keyword}/${only.i}`, refs);
    for (const [key, value] of Object.entries(outer)) {
      if (ANNOTATIONS.includes(key) || out[key] === undefined) out[key] = value;
    }
  } else if (kept.length === 0) {
    out = outer;
  } else {
    out = { ...outer, anyOf: kept.map(({ branch, i }) => convert(context, branch, `${path}/${keyword}/${i}`, refs)) };
  }
  if (nullable) out.nullable = true;
  return out;
}

function convertPlain(context: Conversion, node: SchemaObject, path: string, refs: readonly string[]): SchemaObject {
  const out: SchemaObject = {};
  let nullable = node.nullable === true;

  let type: string | undefined;
  if (node.type !== undefined) {
    const types = (Array.isArray(node.type) ? node.type : [node.type]) as unknown[];
    const nonNull = types.filter((t) => t !== "null");
    if (nonNull.length > 0 && nonNull.length < types.length) nullable = true;
    if (nonNull.length > 1) fail(context, "type", path, `several types (${nonNull.join(", ")}) cannot be expressed; use anyOf with one type per branch`);
    const name = nonNull.length === 0 ? "null" : nonNull[0];
    type = typeof name === "string" ? GEMINI_TYPES[name] : undefined;
    if (type === undefined) fail(context, "type", path, `"${String(name)}" is not a JSON Schema type`);
  } else if (node.properties !== undefined) type = "OBJECT";
  else if (node.items !== undefined) type = "ARRAY";

  let description = typeof node.description === "string" ? node.description : undefined;
  const listKeyword = node.const !== undefined ? "const" : "enum";
  const listed = node.const !== undefined ? [node.const] : node.enum;
  if (listed !== undefined) {
    if (!Array.isArray(listed)) fail(context, "enum", path, "it must be a list of values");
    if (listed.includes(null)) nullable = true;
    const values = listed.filter((value) => value !== null);
    if (values.every((value) => typeof value === "string")) {
      type ??= "STRING";
      if (type === "STRING") out.enum = values;
      else description = withAllowedValues(description, values);
    } else if (values.every((value) => typeof value === "number" || typeof value === "boolean")) {
      type ??= values.every((value) => typeof value === "boolean") ? "BOOLEAN" : values.every((value) => Number.isInteger(value)) ? "INTEGER" : "NUMBER";
      description = withAllowedValues(description, values);
    } else {
      fail(context, listKeyword, path, "only strings, numbers and booleans can be listed");
    }
  }

  if (type !== undefined) out.type = type;
  if (typeof node.format === "string" && type !== undefined && FORMATS[type]?.includes(node.format)) out.format = node.format;
  if (typeof node.title === "string") out.title = node.title;
  if (description !== undefined) out.description = description;
  if (nullable) out.nullable = true;
  if (node.default !== undefined) out.default = node.default;
  if (node.example !== undefined) out.example = node.example;
  else if (Array.isArray(node.examples) && node.examples.length > 0) out.example = node.examples[0];
  if (typeof node.pattern === "string") out.pattern = node.pattern;
  copyNumber(node, "minimum", out, "minimum");
  copyNumber(node, "exclusiveMinimum", out, "minimum");
  copyNumber(node, "maximum", out, "maximum");
  copyNumber(node, "exclusiveMaximum", out, "maximum");
  for (const keyword of ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"]) {
    // Gemini's schema carries these int64 counts as strings.
    if (typeof node[keyword] === "number") out[keyword] = String(node[keyword]);
  }

  if (node.properties !== undefined) {
    if (!isObject(node.properties)) fail(context, "properties", path, "it must map names to schemas");
    const properties: Record<string, SchemaObject> = {};
    for (const [name, schema] of Object.entries(node.properties)) {
      properties[name] = convert(context, schema, `${path}/properties/${name}`, refs);
    }
    if (Object.keys(properties).length > 0) out.properties = properties;
    if (Array.isArray(node.required)) {
      const required = node.required.filter((name): name is string => typeof name === "string" && name in properties);
      if (required.length > 0) out.required = required;
    }
  }
  if (node.items !== undefined) out.items = convert(context, node.items, `${path}/items`, refs);
  return out;
}

function copyNumber(node: SchemaObject, from: string, out: SchemaObject, to: string): void {
  if (typeof node[from] === "number" && out[to] === undefined) out[to] = node[from];
}

function withAllowedValues(description: string | undefined, values: readonly unknown[]): string {
  const sentence = `Allowed values: ${values.map((value) => JSON.stringify(value)).join(", ")}.`;
  return description === undefined || description.length === 0 ? sentence : `${description} ${sentence}`;
}
