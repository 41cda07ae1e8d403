import { describe, expect, it } from "vitest";
import { passagesOf } from "./passages.js";
import { scorePassages } from "./score-passages.js";
import { terms } from "./terms.js";

const notes = [
  { name: "mars.md", text: "# Mars\n\nMars has 2 known moons: Phobos and Deimos.\n\nMars is red.\n" },
  { name: "jupiter.md", text: "# Jupiter\n\nJupiter has 95 known moons.\n\nGanymede is the largest moon of all.\n" },
];
const passages = notes.flatMap(passagesOf);

describe("terms", () => {
  it("drops stop words and plain plurals", () => {
    expect(terms("How many moons does Mars have?")).toEqual(["moon", "mars"]);
  });
});

describe("passagesOf", () => {
  it("splits a note into paragraphs titled by its heading", () => {
    expect(passagesOf(notes[0]!)).toEqual([
      { note: "mars.md", title: "Mars", text: "Mars has 2 known moons: Phobos and Deimos." },
      { note: "mars.md", title: "Mars", text: "Mars is red." },
    ]);
  });
});

describe("scorePassages", () => {
  it("ranks passages with more and rarer query terms first", () => {
    const ranked = scorePassages(passages, "Mars moons", 5);
    expect(ranked[0]).toMatchObject({ note: "mars.md", text: "Mars has 2 known moons: Phobos and Deimos." });
    expect(ranked.map((p) => p.score)).toEqual([...ranked.map((p) => p.score)].sort((a, b) => b - a));
  });

  it("counts a term found only in the note's title, at a lower weight", () => {
    const ranked = scorePassages(passages, "Jupiter largest", 5);
    expect(ranked[0]!.text).toBe("Ganymede is the largest moon of all.");
    expect(ranked.every((p) => p.note === "jupiter.md")).toBe(true);
  });

  it("returns at most `limit` matches and nothing for queries without matching terms", () => {
    expect(scorePassages(passages, "moons", 1)).toHaveLength(1);
    expect(scorePassages(passages, "Saturn rings", 5)).toEqual([]);
    expect(scorePassages(passages, "what is it", 5)).toEqual([]);
  });
});
