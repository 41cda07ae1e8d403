import { defineTool, type Tool } from "@baton/sdk";
import { ProgressGroup } from "@baton/events";
import { z } from "zod";
import { PASSAGES } from "../knowledge/passages.js";
import { searchPassages, type PassageMatch } from "../knowledge/search-passages.js";
import type { Pace } from "../pace.js";

/** What `search` returns. */
export interface SearchResult {
  readonly query: string;
  /** Best first; empty when nothing matched. */
  readonly matches: readonly PassageMatch[];
}

/**
 * The researchers' `search` tool: scores the knowledge base's passages against the
 * query (real scoring, see `searchPassages`) and reports two progress steps, the
 * search and the reading of the best source, through a `ProgressGroup`.
 */
export function searchTool(pace: Pace): Tool<{ query: string }, SearchResult> {
  return defineTool({
    name: "search",
    description:
      "Searches the knowledge base (Baton's event streaming; light travel in the Solar System) and returns the best passages with their source and score.",
    parameters: z.object({ query: z.string().min(1).max(500).describe("What to look for.") }),
    // It only reads: a call a dead worker left in doubt simply runs again.
    effects: "idempotent",
    execute: async ({ query }, ctx): Promise<SearchResult> => {
      const progress = ProgressGroup.forTool(ctx, "Search", "SEARCH");
      const searching = progress.startStep(`Searching ${PASSAGES.length} passages for “${query}”`, "SEARCH");
      await pace.sleep(350, ctx.signal);
      const matches = searchPassages(PASSAGES, query);
      await searching.send(
        matches.length === 0 ? "no passage matched" : matches.map((match) => ({ kind: "text", text: `${match.source} · score ${match.score}` })),
      );
      await searching.end();
      const best = matches[0];
      if (best !== undefined) {
        const reading = progress.startStep(`Reading ${best.source}`, "READ");
        await pace.sleep(250, ctx.signal);
        await reading.send({ kind: "text", text: best.text.length > 90 ? `${best.text.slice(0, 90)}…` : best.text });
        await reading.end();
      }
      return { query, matches };
    },
    summarize: ({ matches }) => (matches.length === 0 ? "no match" : `${matches.length} passages, best ${matches[0]!.source}`),
  });
}
