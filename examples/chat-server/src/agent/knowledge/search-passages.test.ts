import { describe, expect, it } from "vitest";
import { PASSAGES } from "./passages.js";
import { searchPassages } from "./search-passages.js";
import { terms } from "./terms.js";

describe("terms", () => {
  it("lower-cases, drops stopwords and a plural s", () => {
    expect(terms("How do the Events stream to Clients?")).toEqual(["event", "stream", "client"]);
    expect(terms("Last-Event-ID access")).toEqual(["last-event-id", "access"]);
  });
});

describe("searchPassages", () => {
  it("ranks the passage that answers the question first, at most `limit` matches", () => {
    const matches = searchPassages(PASSAGES, "How long does sunlight take to reach Earth?");
    expect(matches[0]).toMatchObject({ id: "light-sun-earth", source: "space/light.md" });
    expect(matches.length).toBeLessThanOrEqual(3);
    const scores = matches.map((match) => match.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("finds the reconnection passage for a question about reconnecting", () => {
    expect(searchPassages(PASSAGES, "How does a client reconnect without missing events?")[0]?.id).toBe("sse-replay");
  });

  it("returns nothing when no term matches", () => {
    expect(searchPassages(PASSAGES, "zebra xylophone")).toEqual([]);
    expect(searchPassages(PASSAGES, "the of and")).toEqual([]);
  });
});
