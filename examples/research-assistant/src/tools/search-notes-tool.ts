import { defineTool } from "@baton/sdk";
import { z } from "zod";
import { loadNotes } from "../notes/note-store.js";
import { passagesOf } from "../notes/passages.js";
import { scorePassages } from "../notes/score-passages.js";

/** Passages returned when the model gives no limit. */
const DEFAULT_LIMIT = 3;

/** One passage found by `search_notes`. */
export interface NoteMatch {
  /** File name of the note, for `read_note`. */
  readonly note: string;
  readonly score: number;
  readonly passage: string;
}

/** What `search_notes` returns: the query and the best passages, best first. */
export interface SearchNotesResult {
  readonly query: string;
  readonly results: readonly NoteMatch[];
}

/**
 * The `search_notes` tool over the Markdown notes in `notesDir`: scores every
 * paragraph against the query (see `scorePassages`) and returns the best ones with
 * their note's file name and score.
 */
export function searchNotesTool(notesDir: string) {
  return defineTool({
    name: "search_notes",
    description: "Searches the research notes and returns the best matching passages, each with its note's file name and a relevance score.",
    parameters: z.object({
      query: z.string().min(1).max(200).describe("What to look for, in a few keywords."),
      limit: z.number().int().min(1).max(8).optional().describe(`How many passages to return (default ${DEFAULT_LIMIT}).`),
    }),
    selectionRule: "Use first to find facts in the notes; cite the note file names in the answer.",
    execute: async ({ query, limit }, ctx): Promise<SearchNotesResult> => {
      const notes = await loadNotes(notesDir, ctx.signal);
      const passages = notes.flatMap(passagesOf);
      ctx.progress(`searching ${passages.length} passages in ${notes.length} notes for "${query}"`);
      const matches = scorePassages(passages, query, limit ?? DEFAULT_LIMIT);
      const best = matches[0];
      ctx.progress(best ? `"${query}": best match ${best.note} (score ${best.score})` : `"${query}": no matching passages`);
      return { query, results: matches.map((match) => ({ note: match.note, score: match.score, passage: match.text })) };
    },
    summarize: ({ results }) => {
      const best = results[0];
      if (best === undefined) return "no matching passages";
      return `${results.length} passage${results.length === 1 ? "" : "s"}, best ${best.note} (score ${best.score})`;
    },
  });
}
