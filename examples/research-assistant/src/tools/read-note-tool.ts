import { defineTool } from "@baton/sdk";
import { z } from "zod";
import { readNote } from "../notes/note-store.js";

/** What `read_note` returns. */
export interface ReadNoteResult {
  /** The note's file name. */
  readonly note: string;
  readonly text: string;
}

/**
 * The `read_note` tool: the full text of one note in `notesDir` by file name. An
 * unknown name is an error result that lists the available notes.
 */
export function readNoteTool(notesDir: string) {
  return defineTool({
    name: "read_note",
    description: 'Returns the full text of one research note by its file name, e.g. "mars.md".',
    parameters: z.object({
      name: z.string().min(1).max(100).describe("The note's file name, as search_notes reports it."),
    }),
    selectionRule: "Use when a passage from search_notes is not enough and you need the whole note.",
    execute: async ({ name }, ctx): Promise<ReadNoteResult> => {
      ctx.progress(`reading ${name}`);
      const note = await readNote(notesDir, name, ctx.signal);
      return { note: note.name, text: note.text };
    },
    summarize: ({ note, text }) => `${note}, ${text.length} characters`,
  });
}
