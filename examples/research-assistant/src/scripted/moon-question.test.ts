import { describe, expect, it } from "vitest";
import { findMoonCount, moonTotalBodies } from "./moon-question.js";
import { textChunks } from "./text-chunks.js";

describe("moonTotalBodies", () => {
  it("finds the bodies whose moons a question adds up", () => {
    expect(moonTotalBodies("How many known moons do Mars and Jupiter have together?")).toEqual(["Mars", "Jupiter"]);
    expect(moonTotalBodies("how many moons do saturn, uranus and neptune have?")).toEqual(["Saturn", "Uranus", "Neptune"]);
    expect(moonTotalBodies("How many moons do the Earth and Mars have?")).toEqual(["Earth", "Mars"]);
  });

  it("ignores questions about one body or about something else", () => {
    expect(moonTotalBodies("How many moons does Saturn have?")).toBeUndefined();
    expect(moonTotalBodies("What is the largest moon?")).toBeUndefined();
  });
});

describe("findMoonCount", () => {
  const matches = [
    { note: "a.md", score: 2, passage: "Jupiter is big." },
    { note: "b.md", score: 1, passage: "As of 2024, Jupiter has 95 known moons. Mercury has no known moons." },
  ];

  it("reads the count from the first passage that states it", () => {
    expect(findMoonCount("Jupiter", matches)).toEqual({ body: "Jupiter", count: 95, note: "b.md" });
    expect(findMoonCount("mercury", matches)).toEqual({ body: "mercury", count: 0, note: "b.md" });
    expect(findMoonCount("Mars", matches)).toBeUndefined();
  });
});

describe("textChunks", () => {
  it("splits at word boundaries and joins back to the text", () => {
    const text = "Together that makes 2 + 95 = 97 known moons.";
    const chunks = textChunks(text, 3);
    expect(chunks.length).toBe(3);
    expect(chunks.join("")).toBe(text);
    expect(textChunks("one two three four", 2)).toEqual(["one two ", "three four"]);
  });
});
