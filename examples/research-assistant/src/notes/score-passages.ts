import type { Passage } from "./passages.js";
import { terms } from "./terms.js";

/** A passage with its relevance to a query. */
export interface ScoredPassage extends Passage {
  /** Higher is more relevant; 0 means no query term occurs. Rounded to 2 decimals. */
  readonly score: number;
}

/** Weight of a query term found in a note's title rather than in the passage itself. */
const TITLE_WEIGHT = 0.5;
/** How quickly repeats of a term stop adding to the score (BM25's `k1`). */
const SATURATION = 1.2;
/** How much longer passages are discounted (BM25's `b`: 0 none, 1 fully). */
const LENGTH_DISCOUNT = 0.75;

/**
 * Scores passages against a query with BM25-style term weighting: each query term
 * found in a passage adds its rarity across all passages (`ln(1 + passages / passages
 * with the term)`), more for repeats but with diminishing returns, and less in longer
 * passages than in shorter ones; a term found only in the note's title adds half its
 * rarity. Returns the passages that match at all, best first (ties by note name), at
 * most `limit`.
 */
export function scorePassages(passages: readonly Passage[], query: string, limit: number): ScoredPassage[] {
  const queryTerms = [...new Set(terms(query))];
  if (queryTerms.length === 0) return [];
  const passageTerms = passages.map((passage) => countTerms(terms(passage.text)));
  const titleTerms = passages.map((passage) => new Set(terms(passage.title)));
  const lengths = passages.map((passage) => terms(passage.text).length);
  const averageTerms = lengths.reduce((sum, length) => sum + length, 0) / Math.max(lengths.length, 1);
  const rarity = new Map<string, number>();
  for (const term of queryTerms) {
    const withTerm = passageTerms.filter((counts) => counts.has(term)).length;
    rarity.set(term, Math.log(1 + passages.length / Math.max(withTerm, 1)));
  }
  const scored = passages.map((passage, i) => {
    let score = 0;
    for (const term of queryTerms) {
      const count = passageTerms[i]!.get(term) ?? 0;
      if (count > 0) {
        const lengthFactor = 1 - LENGTH_DISCOUNT + (LENGTH_DISCOUNT * lengths[i]!) / averageTerms;
        score += (rarity.get(term)! * count * (SATURATION + 1)) / (count + SATURATION * lengthFactor);
      } else if (titleTerms[i]!.has(term)) score += rarity.get(term)! * TITLE_WEIGHT;
    }
    return { ...passage, score: Math.round(score * 100) / 100 };
  });
  return scored
    .filter((passage) => passage.score > 0)
    .sort((a, b) => b.score - a.score || a.note.localeCompare(b.note))
    .slice(0, limit);
}

function countTerms(list: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
