import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../src/index.js";

/**
 * Error codes are declared by the package that throws them: core's `ERROR_CODES` holds
 * the codes of the contracts (tools, providers, runs, storage, configuration, hooks,
 * budgets), and each other package lists its own in an `*_ERROR_CODES` object next to
 * the module augmentation that registers them in `BatonErrorCodes`. Read from the
 * sources of every package, so a code declared twice is found whichever two packages
 * declare it.
 */
const packagesDir = fileURLToPath(new URL("../../", import.meta.url));

/** The source files (tests left out) under `dir`. */
function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) found.push(path);
  }
  return found;
}

/** One `export const X_ERROR_CODES = { … } as const` object of a package's sources. */
interface CodesObject {
  readonly file: string;
  readonly name: string;
  readonly entries: readonly (readonly [key: string, value: string])[];
}

function codesObjects(files: readonly string[]): CodesObject[] {
  return files.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/^export const ([A-Z_]*ERROR_CODES) = \{\n([\s\S]*?)\n\} as const;/gm)].map((match) => ({
      file: relative(packagesDir, file),
      name: match[1] as string,
      entries: [...(match[2] as string).matchAll(/^ {2}([A-Z][A-Z0-9_]*): "([^"]*)",$/gm)].map((entry) => [entry[1] as string, entry[2] as string] as const),
    })),
  );
}

const files = readdirSync(packagesDir).flatMap((name) => {
  try {
    return sourceFiles(join(packagesDir, name, "src"));
  } catch {
    return [];
  }
});
const objects = codesObjects(files);

describe("error codes by package", () => {
  it("finds core's ERROR_CODES and the codes objects of the packages with errors of their own", () => {
    expect(objects.map((object) => `${object.file.split("/")[0]}: ${object.name}`).sort()).toEqual(
      expect.arrayContaining([
        "agents: AGENTS_ERROR_CODES",
        "core: ERROR_CODES",
        "events: EVENTS_ERROR_CODES",
        "mcp: MCP_ERROR_CODES",
        "queue: QUEUE_ERROR_CODES",
        "testing: TESTING_ERROR_CODES",
        "tokens: TOKENS_ERROR_CODES",
      ]),
    );
    const core = objects.find((object) => object.name === "ERROR_CODES");
    expect(core?.entries.map(([key]) => key)).toEqual(Object.keys(ERROR_CODES));
  });

  it("declares every code once, in one package, under its own name", () => {
    const owners = new Map<string, string[]>();
    for (const object of objects) for (const [key] of object.entries) owners.set(key, [...(owners.get(key) ?? []), object.name]);
    expect([...owners].filter(([, names]) => names.length > 1)).toEqual([]);
    expect(objects.flatMap((object) => object.entries.filter(([key, value]) => key !== value).map(([key]) => `${object.name}.${key}`))).toEqual([]);
  });

  it("keeps core's ERROR_CODES to core's codes: no code of the events, agents, queue, testing or tokens errors", () => {
    const moved = [
      "HTTP_ERROR",
      "PROGRESS_STEP_ENDED",
      "STRUCTURED_OUTPUT_INVALID",
      "HANDOFF_DEPTH_EXCEEDED",
      "UNKNOWN_AGENT",
      "SCRIPT_EXHAUSTED",
      "CONTEXT_OVERFLOW",
    ];
    expect(moved.filter((code) => code in ERROR_CODES)).toEqual([]);
  });

  it("registers each package's codes in BatonErrorCodes in the file that lists them, and nowhere else", () => {
    const augmenting = files.filter((file) => /^declare module "@baton\/core"/m.test(readFileSync(file, "utf8"))).map((file) => relative(packagesDir, file));
    const listing = objects.filter((object) => object.name !== "ERROR_CODES").map((object) => object.file);
    expect(augmenting.sort()).toEqual(listing.sort());
    for (const object of objects.filter((candidate) => candidate.name !== "ERROR_CODES")) {
      expect(readFileSync(join(packagesDir, object.file), "utf8"), object.file).toMatch(
        /declare module "@baton\/core" \{\n(?: {2}\/\*\*.*\*\/\n)? {2}interface BatonErrorCodes extends Record<\w+ErrorCode, true> \{\}\n\}/,
      );
    }
  });

  it("needs no cast to pass a package's code to BatonError", () => {
    const casts = files.filter((file) => /\bas (unknown as )?ErrorCode\b/.test(readFileSync(file, "utf8"))).map((file) => relative(packagesDir, file));
    expect(casts).toEqual([]);
  });
});
