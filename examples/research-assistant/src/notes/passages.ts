import type { Note } from "./note-store.js";

/** A paragraph of a note, the unit `search_notes` scores and returns. */
export interface Passage {
  /** File name of the note. */
  readonly note: string;
  /** The note's title (its first `#` heading), or the file name. */
  readonly title: string;
  /** The paragraph, on one line. */
  readonly text: string;
}

/** Splits a note into its paragraphs (blank-line separated); headings become the title, not passages. */
export function passagesOf(note: Note): Passage[] {
  let title = note.name;
  const passages: Passage[] = [];
  for (const block of note.text.split(/\r?\n\s*\r?\n/)) {
    const text = block.replace(/\s+/g, " ").trim();
    if (text === "") continue;
    if (text.startsWith("#")) {
      if (title === note.name) title = text.replace(/^#+\s*/, "");
      continue;
    }
    passages.push({ note: note.name, title, text });
  }
  return passages;
}
