import type { RunResult } from "@baton/core";
import type { Scorer } from "./scorer.js";

/** A Standard Schema (zod 3.24+ and 4, valibot, arktype, …): what `structuredOutput` validates with first. */
export interface StandardSchemaLike {
  readonly "~standard": {
    /** Checks a value: its value when valid, else its issues. */
    validate(value: unknown): StandardResult | Promise<StandardResult>;
  };
}

/** A Standard Schema's verdict. */
export type StandardResult =
  | { readonly value: unknown; readonly issues?: undefined }
  | { readonly issues: readonly { readonly message: string; readonly path?: readonly unknown[] }[] };

/** What `structuredOutput` accepts: a Standard Schema (a zod schema), or a JSON Schema object (validated with Ajv). */
export type OutputSchema = StandardSchemaLike | Readonly<Record<string, unknown>>;

/**
 * Passes when the run's structured output is valid against `schema`: the value the
 * structured-output config of `@baton/agents` parsed (`result.custom.structuredOutput`),
 * else the final answer parsed as JSON (a fenced code block allowed). The reason lists
 * the first problems with their paths.
 *
 * @example
 * structuredOutput(z.object({ total: z.number(), notes: z.array(z.string()) }))
 */
export function structuredOutput(schema: OutputSchema): Scorer {
  const name = "structuredOutput";
  return {
    name,
    async score({ result }) {
      const output = outputOf(result);
      if (!output.ok) return { name, score: 0, passed: false, reason: output.reason };
      const problems = isStandardSchema(schema) ? await standardProblems(schema, output.value) : await jsonSchemaProblems(schema, output.value);
      const passed = problems.length === 0;
      return { name, score: passed ? 1 : 0, passed, reason: passed ? "the output is valid" : `the output is not valid: ${problems.slice(0, 3).join("; ")}` };
    },
  };
}

function outputOf(result: RunResult): { ok: true; value: unknown } | { ok: false; reason: string } {
  const state = result.custom.structuredOutput as { status?: string; value?: unknown } | undefined;
  if (state?.status === "valid") return { ok: true, value: state.value };
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n?```/.exec(result.text);
  const text = (fenced ? fenced[1]! : result.text).trim();
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: `the answer is not JSON: ${JSON.stringify(result.text.slice(0, 120))}` };
  }
}

function isStandardSchema(schema: OutputSchema): schema is StandardSchemaLike {
  const standard = (schema as StandardSchemaLike)["~standard"];
  return typeof standard === "object" && standard !== null && typeof standard.validate === "function";
}

async function standardProblems(schema: StandardSchemaLike, value: unknown): Promise<string[]> {
  const verdict = await schema["~standard"].validate(value);
  if (!verdict.issues) return [];
  return verdict.issues.map((issue) => {
    const path = (issue.path ?? [])
      .map((segment) => String(typeof segment === "object" && segment !== null && "key" in segment ? (segment as { key: unknown }).key : segment))
      .join(".");
    return path === "" ? issue.message : `${path}: ${issue.message}`;
  });
}

/** Ajv, loaded the first time a JSON Schema is checked (the rest of the package does not need it). */
let ajv: Promise<{ compile(schema: object): ((value: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null } }> | undefined;

async function jsonSchemaProblems(schema: Readonly<Record<string, unknown>>, value: unknown): Promise<string[]> {
  ajv ??= import("ajv").then((module) => {
    const Ajv = (module as unknown as { default: new (options: object) => never }).default;
    return new Ajv({ allErrors: true, strict: false });
  });
  const validate = (await ajv).compile(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath === "" ? "(root)" : error.instancePath} ${error.message ?? "is not valid"}`);
}
