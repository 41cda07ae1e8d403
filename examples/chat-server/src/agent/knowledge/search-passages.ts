import type { Passage } from "./passages.js";
import { terms } from "./terms.js";

/** A passage that matched a query, with its score. */
export interface PassageMatch {
  readonly id: string;
  readonly source: string;
  readonly text: string;
  /** Sum of the matched terms' weights, rounded to 2 decimals; higher is better. */
  readonly score: number;
}

/**
 * Scores every passage against the query and returns the matching ones, best
 * first (ties keep the passages' order). A term weighs more when fewer passages
 * contain it (`ln(1 + N / df)`), so rare words decide.
 */
export function searchPassages(passages: readonly Passage[], query: string, limit = 3): PassageMatch[] {
  const queryTerms = [...new Set(terms(query))];
  const passageTerms = passages.map((passage) => new Set(terms(passage.text)));
  const weight = new Map<string, number>();
  for (const term of queryTerms) {
    const df = passageTerms.filter((set) => set.has(term)).length;
    weight.set(term, df === 0 ? 0 : Math.log(1 + passages.length / df));
  }
  return passages
    .map((passage, i) => ({ passage, score: queryTerms.reduce((sum, term) => sum + (passageTerms[i]!.has(term) ? weight.get(term)! : 0), 0) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ passage, score }) => ({ id: passage.id, source: passage.source, text: passage.text, score: Math.round(score * 100) / 100 }));
}
