import type { ToolResultPart } from "@baton/sdk";
import type { CalculatorResult } from "../tools/calculator-tool.js";
import type { NoteMatch, SearchNotesResult } from "../tools/search-notes-tool.js";

/** The passages of every successful `search_notes` result, in call order. */
export function searchMatches(results: readonly ToolResultPart[]): NoteMatch[] {
  return results
    .filter((part) => part.toolName === "search_notes" && !part.isError && isSearchResult(part.result))
    .flatMap((part) => [...(part.result as SearchNotesResult).results]);
}

/** The last `calculator` result part, if the calculator was called. */
export function lastCalculatorResult(results: readonly ToolResultPart[]): ToolResultPart | undefined {
  return results.findLast((part) => part.toolName === "calculator");
}

/** Whether a calculator result part holds a successful {@link CalculatorResult}. */
export function isCalculatorResult(value: unknown): value is CalculatorResult {
  return typeof value === "object" && value !== null && typeof (value as CalculatorResult).result === "number";
}

function isSearchResult(value: unknown): value is SearchNotesResult {
  return typeof value === "object" && value !== null && Array.isArray((value as SearchNotesResult).results);
}
