import type { Tool } from "@baton/sdk";
import { calculatorTool } from "./calculator-tool.js";
import { readNoteTool } from "./read-note-tool.js";
import { searchNotesTool } from "./search-notes-tool.js";

/** The research assistant's tools, working on the notes in `notesDir`. */
export function researchTools(notesDir: string): Tool[] {
  return [searchNotesTool(notesDir), readNoteTool(notesDir), calculatorTool];
}
