import type { NoteMatch } from "../tools/search-notes-tool.js";

/** A moon count read out of a note. */
export interface MoonCount {
  readonly body: string;
  readonly count: number;
  /** The note the count was read from. */
  readonly note: string;
}

const MOON_TOTAL_QUESTION = /\bmoons?\s+do\s+(.+?)\s+have\b/i;

/**
 * The bodies whose moons a question asks to add up, e.g. `["Mars", "Jupiter"]` for
 * "How many known moons do Mars and Jupiter have together?"; undefined unless the
 * question names at least two.
 */
export function moonTotalBodies(question: string): string[] | undefined {
  const match = MOON_TOTAL_QUESTION.exec(question);
  if (match === null) return undefined;
  const bodies = match[1]!
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+/i)
    .map((body) => body.replace(/^the\s+/i, "").trim())
    .filter((body) => body !== "")
    .map((body) => body[0]!.toUpperCase() + body.slice(1));
  return bodies.length >= 2 ? bodies : undefined;
}

/**
 * Reads how many moons `body` has out of passages, the way a reader would: the first
 * passage saying "<body> has <n> known moons" (or "has no known moons").
 */
export function findMoonCount(body: string, matches: readonly NoteMatch[]): MoonCount | undefined {
  const pattern = new RegExp(`\\b${escapeRegExp(body)} has (\\d+|no) known moons?\\b`, "i");
  for (const match of matches) {
    const found = pattern.exec(match.passage);
    if (found !== null) return { body, count: found[1]!.toLowerCase() === "no" ? 0 : Number(found[1]), note: match.note };
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
