import { readFile } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigurationError } from "@baton/core";
import type { EvalCase } from "./eval-case.js";

/**
 * Reads a dataset file: `.json` (a list of cases), `.jsonl` (one case a line; blank
 * lines skipped), or a JavaScript module (`.js`, `.mjs`; TypeScript through a loader
 * such as tsx) whose default export is the list. Each case needs an `input` text.
 * @throws ConfigurationError naming the file and the case (or line) that is wrong.
 */
export async function loadDataset(path: string): Promise<EvalCase[]> {
  const file = resolve(path);
  const extension = extname(file).toLowerCase();
  let cases: unknown;
  if (extension === ".jsonl") {
    cases = (await readFile(file, "utf8")).split("\n").flatMap((line, index) => {
      if (line.trim() === "") return [];
      try {
        return [JSON.parse(line)];
      } catch (error) {
        throw new ConfigurationError(`${path}:${index + 1}: not JSON (${(error as Error).message}).`);
      }
    });
  } else if (extension === ".json") {
    try {
      cases = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      throw new ConfigurationError(`${path}: not JSON (${(error as Error).message}).`);
    }
  } else {
    cases = ((await import(pathToFileURL(file).href)) as { default?: unknown }).default;
  }
  if (!Array.isArray(cases)) throw new ConfigurationError(`${path}: a dataset is a list of cases.`);
  cases.forEach((item, index) => {
    if (item === null || typeof item !== "object" || typeof (item as { input?: unknown }).input !== "string") {
      throw new ConfigurationError(`${path}: case ${index + 1} needs an input text.`);
    }
  });
  return cases as EvalCase[];
}
