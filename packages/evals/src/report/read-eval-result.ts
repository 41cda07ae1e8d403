import { ConfigurationError } from "@baton/core";
import type { EvalResult } from "../run/eval-result.js";

/**
 * Reads an eval's result (as `writeEvalResult` wrote it) from its JSON text or parsed value.
 * @throws ConfigurationError when it is not an eval result of a version this package reads.
 */
export function readEvalResult(json: string | unknown): EvalResult {
  let value: unknown = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new ConfigurationError(`An eval result must be JSON: ${(error as Error).message}`);
    }
  }
  const candidate = value as Partial<EvalResult> | null;
  if (candidate === null || typeof candidate !== "object" || candidate.format !== "baton-eval-result") {
    throw new ConfigurationError('Not an eval result: its format is not "baton-eval-result".');
  }
  if (candidate.version !== 1)
    throw new ConfigurationError(`The eval result is of version ${JSON.stringify(candidate.version)}; this version of @baton/evals reads version 1.`);
  if (!Array.isArray(candidate.cases) || candidate.cases.some((each) => typeof each?.id !== "string" || !Array.isArray(each.attempts))) {
    throw new ConfigurationError("The eval result's cases must be a list, each with an id and its attempts.");
  }
  return candidate as EvalResult;
}
