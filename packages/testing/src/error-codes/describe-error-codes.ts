import { BatonError, ERROR_CODES } from "@baton/core";
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const execFileAsync = promisify(execFile);

/** What {@link describeErrorCodes} checks: one package's error codes and error classes. */
export interface ErrorCodesSuite {
  /** The package's name, as an application imports it (`"@baton/queue"`). */
  readonly packageName: string;
  /** The name of its codes object (`"QUEUE_ERROR_CODES"`), for the test titles. */
  readonly codesName: string;
  /** The codes object: each key equal to its value. */
  readonly codes: Readonly<Record<string, string>>;
  /** The package's root exports (`import * as pkg from "../src/index.js"`): every error class among them needs a sample. */
  readonly exports: Readonly<Record<string, unknown>>;
  /** One error of each error class the package exports, by class name. */
  readonly samples: Readonly<Record<string, BatonError>>;
  /** `import.meta.url` of the test file: the type probe compiles as a file beside it, so it resolves the package's built declarations. */
  readonly testFileUrl: string;
}

/**
 * The checks every package that owns error codes runs: it has a sample for each error
 * class it exports; its codes object holds exactly the codes of its errors that core's
 * `ERROR_CODES` does not, each under its own name; and its built declarations register
 * the codes in core's `BatonErrorCodes` (a file importing the package may pass them to
 * `BatonError`, `isBatonError` and `SerializedError`, a misspelt code is still a type
 * error, and without the import core does not know them). Needs `typescript`.
 *
 * @example
 * describeErrorCodes({ packageName: "@baton/queue", codesName: "QUEUE_ERROR_CODES", codes: QUEUE_ERROR_CODES, exports: pkg, samples, testFileUrl: import.meta.url });
 */
export function describeErrorCodes(suite: ErrorCodesSuite): void {
  const { codes, samples } = suite;
  describe(suite.codesName, () => {
    it("has a sample for every error class the package exports", () => {
      const classes = Object.entries(suite.exports)
        .filter(([, value]) => typeof value === "function" && (value === BatonError || value.prototype instanceof BatonError))
        .map(([name]) => name);
      expect(classes.length).toBeGreaterThan(0);
      expect(Object.keys(samples).sort()).toEqual(classes.sort());
    });

    it("holds exactly the codes of the package's errors that core's ERROR_CODES does not, each under its own name", () => {
      const coreCodes = new Set<string>(Object.values(ERROR_CODES));
      const own = [...new Set(Object.values(samples).map((error) => error.code))].filter((code) => !coreCodes.has(code));
      expect(Object.values(codes).sort()).toEqual(own.sort());
      expect(Object.entries(codes).filter(([key, code]) => key !== code)).toEqual([]);
    });

    it("is not in core's ERROR_CODES", () => {
      expect(Object.keys(ERROR_CODES).filter((code) => code in codes)).toEqual([]);
    });

    it("is registered in core's BatonErrorCodes by the built declarations: BatonError, isBatonError and SerializedError take the codes, and a misspelt code is still an error", async () => {
      const values = Object.values(codes);
      const uses = [
        'import { BatonError, isBatonError, type SerializedError } from "@baton/core";',
        "declare const error: unknown;",
        `export const codes: SerializedError["code"][] = ${JSON.stringify(values)};`,
        `isBatonError(error, ${JSON.stringify(values[0])});`,
        `new BatonError(${JSON.stringify(values.at(-1))}, "message");`,
        "// @ts-expect-error: not a registered code",
        'isBatonError(error, "NOT_A_CODE");',
      ].join("\n");
      const probe = fileURLToPath(new URL("./error-codes.probe.ts", suite.testFileUrl));
      const [withPackage, withoutPackage] = await typeErrors(probe, [`import "${suite.packageName}";\n${uses}`, uses]);
      expect(withPackage).toEqual([]);
      // Without the package, core does not know its codes (so the check above can fail).
      expect(withoutPackage!.length).toBeGreaterThanOrEqual(2);
    }, 180_000);
  });
}

/**
 * What the child process of {@link typeErrors} runs: compiles each source in turn as
 * the file `probe` (which need not exist), strict, `nodenext`, against built
 * declarations, and prints each one's diagnostics, as one JSON array of arrays. Every
 * file but the probe is read and parsed once, for all the sources. Its arguments: the
 * URL of `typescript`, then a JSON `[probe, sources]`.
 */
const TYPE_ERRORS_SCRIPT = `
const ts = (await import(process.argv[1])).default;
const [probe, sources] = JSON.parse(process.argv[2]);
const options = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  types: ["node"],
  skipLibCheck: true,
  noEmit: true,
};
const host = ts.createCompilerHost(options);
let source = "";
const readFile = host.readFile.bind(host);
host.readFile = (file) => (file === probe ? source : readFile(file));
const fileExists = host.fileExists.bind(host);
host.fileExists = (file) => file === probe || fileExists(file);
// The declarations (the packages', Node's, the libs') parsed once: the next program takes the same source files.
const parsed = new Map();
const getSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (file, ...rest) => {
  if (file === probe) return getSourceFile(file, ...rest);
  if (!parsed.has(file)) parsed.set(file, getSourceFile(file, ...rest));
  return parsed.get(file);
};
const errors = [];
for (const next of sources) {
  source = next;
  const program = ts.createProgram({ rootNames: [probe], options, host });
  errors.push(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\\n")));
}
process.stdout.write(JSON.stringify(errors));
`;

/**
 * The type errors of each of `sources` compiled as the file `probe` (which need not
 * exist): strict, `nodenext`, against built declarations. The compiler runs in one
 * child process for them all (TypeScript and the declarations load once), so that the
 * test's worker keeps answering the test runner while it works (seconds, and far
 * longer on a busy machine).
 */
async function typeErrors(probe: string, sources: readonly string[]): Promise<string[][]> {
  const typescript = pathToFileURL(createRequire(import.meta.url).resolve("typescript")).href;
  const { stdout } = await execFileAsync(process.execPath, ["--input-type=module", "-e", TYPE_ERRORS_SCRIPT, typescript, JSON.stringify([probe, sources])], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as string[][];
}
