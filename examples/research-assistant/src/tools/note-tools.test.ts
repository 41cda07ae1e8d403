import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import type { ToolExecutionContext } from "@baton/sdk";
import { testToolContext } from "@baton/testing";
import { DEFAULT_NOTES_DIR } from "../notes/note-store.js";
import { readNoteTool } from "./read-note-tool.js";
import { searchNotesTool, type SearchNotesResult } from "./search-notes-tool.js";

/** A tool context that records progress messages. */
function toolContext(progress: string[] = []): ToolExecutionContext {
  return testToolContext({
    toolName: "test",
    progress: (message) => {
      progress.push(message);
    },
  });
}

describe("search_notes", () => {
  const search = searchNotesTool(DEFAULT_NOTES_DIR);

  it("returns the best passages of the example's notes with file name and score, best first", async () => {
    const progress: string[] = [];
    const result = (await search.execute({ query: "Mars moons" }, toolContext(progress))) as SearchNotesResult;
    expect(result.query).toBe("Mars moons");
    expect(result.results).toHaveLength(3);
    expect(result.results[0]).toMatchObject({ note: "mars.md", passage: expect.stringContaining("Mars has 2 known moons") });
    const scores = result.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(progress).toEqual([expect.stringMatching(/^searching \d+ passages in 7 notes for "Mars moons"$/), expect.stringContaining("best match mars.md")]);
    expect(search.summarize!(result)).toMatch(/^3 passages, best mars\.md \(score [\d.]+\)$/);
  });

  it("honours the limit and reports when nothing matches", async () => {
    const one = (await search.execute({ query: "Ganymede", limit: 1 }, toolContext())) as SearchNotesResult;
    expect(one.results.map((r) => r.note)).toEqual(["jupiter.md"]);
    const progress: string[] = [];
    const none = (await search.execute({ query: "photosynthesis" }, toolContext(progress))) as SearchNotesResult;
    expect(none.results).toEqual([]);
    expect(progress.at(-1)).toBe('"photosynthesis": no matching passages');
    expect(search.summarize!(none)).toBe("no matching passages");
  });

  it("validates its arguments with the zod schema", () => {
    expect(search.validate!({ query: "" })).toMatchObject({ success: false });
    expect(search.validate!({ query: "x", limit: 0 })).toMatchObject({ success: false });
    expect(search.validate!({ query: "x" })).toEqual({ success: true, value: { query: "x" } });
    expect(search.parameters).toMatchObject({ type: "object", required: ["query"] });
  });

  it("searches whatever notes folder it is given", async () => {
    const dir = await mkdtemp(join(tmpdir(), "notes-"));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, "comets.md"), "# Comets\n\nHalley's Comet returns about every 76 years.\n");
    const result = (await searchNotesTool(dir).execute({ query: "Halley comet" }, toolContext())) as SearchNotesResult;
    expect(result.results).toEqual([{ note: "comets.md", score: expect.any(Number), passage: "Halley's Comet returns about every 76 years." }]);
  });
});

describe("read_note", () => {
  const read = readNoteTool(DEFAULT_NOTES_DIR);
  const available = "earth-and-moon.md, jupiter.md, mars.md, mercury-and-venus.md, neptune.md, saturn.md, uranus.md";

  it("returns a note's full text by file name, with or without .md", async () => {
    const progress: string[] = [];
    const result = await read.execute({ name: "mars.md" }, toolContext(progress));
    expect(result).toMatchObject({ note: "mars.md", text: expect.stringMatching(/^# Mars\n/) });
    expect(progress).toEqual(["reading mars.md"]);
    expect(await read.execute({ name: "Jupiter" }, toolContext())).toMatchObject({ note: "jupiter.md" });
  });

  it("fails for an unknown note with a message listing the available notes", async () => {
    await expect(read.execute({ name: "pluto.md" }, toolContext())).rejects.toThrow(`No note named "pluto.md". Available notes: ${available}.`);
    await expect(read.execute({ name: "../package.json" }, toolContext())).rejects.toThrow(/No note named/);
  });
});
