import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The example's own notes folder (`examples/research-assistant/notes`), from `src/` or `dist/`. */
export const DEFAULT_NOTES_DIR = fileURLToPath(new URL("../../notes/", import.meta.url));

/** One note: its file name and full text. */
export interface Note {
  readonly name: string;
  readonly text: string;
}

/** The file names of the Markdown notes in `dir`, sorted. */
export async function listNotes(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => entry.name)
    .sort();
}

/** Every note in `dir`, sorted by file name. */
export async function loadNotes(dir: string, signal?: AbortSignal): Promise<Note[]> {
  const names = await listNotes(dir);
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(join(dir, name), { encoding: "utf8", signal }) })));
}

/**
 * The note whose file name is `name` (`mars.md`, or just `mars`; case does not
 * matter). Throws an error listing the available notes when there is none.
 */
export async function readNote(dir: string, name: string, signal?: AbortSignal): Promise<Note> {
  const names = await listNotes(dir);
  const wanted = name.trim().toLowerCase();
  const found = names.find((candidate) => candidate.toLowerCase() === wanted || candidate.toLowerCase() === `${wanted}.md`);
  if (found === undefined) {
    throw new Error(`No note named "${name}". Available notes: ${names.join(", ")}.`);
  }
  return { name: found, text: await readFile(join(dir, found), { encoding: "utf8", signal }) };
}
