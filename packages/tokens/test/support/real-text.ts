import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** One real document of the repository. */
export interface RealDocument {
  readonly path: string;
  readonly text: string;
}

/**
 * Real prose from this repository (not generated sentences): the root README and
 * BENCHMARKS.md, every package README and the research-assistant example's notes.
 */
export function repoDocuments(): RealDocument[] {
  const paths = ["README.md", "BENCHMARKS.md", "PROTOCOL.md"];
  for (const dir of readdirSync(join(ROOT, "packages")).sort()) paths.push(join("packages", dir, "README.md"));
  const notes = join("examples", "research-assistant", "notes");
  if (existsSync(join(ROOT, notes))) for (const file of readdirSync(join(ROOT, notes)).sort()) if (file.endsWith(".md")) paths.push(join(notes, file));
  return paths.filter((path) => existsSync(join(ROOT, path))).map((path) => ({ path, text: readFileSync(join(ROOT, path), "utf8") }));
}
