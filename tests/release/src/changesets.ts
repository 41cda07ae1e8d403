import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The pending first-release changesets of `root` (`.changeset/0-first-release-*.md`):
 * for each package they name, the first line of the description, which must open
 * that package's CHANGELOG once `changeset version` ran.
 */
export function firstReleaseSummaries(root: string): Map<string, string> {
  const summaries = new Map<string, string>();
  const folder = join(root, ".changeset");
  for (const file of readdirSync(folder).filter((name) => /^(?:0-)?first-release-.*\.md$/.test(name))) {
    const text = readFileSync(join(folder, file), "utf8");
    const match = /^---\n([\s\S]*?)\n---\n+([\s\S]*)$/.exec(text);
    if (!match) throw new Error(`.changeset/${file} has no front matter`);
    const summary = match[2]!.trim().split("\n")[0]!;
    for (const line of match[1]!.split("\n")) {
      const name = /^["']?([^"':]+)["']?\s*:/.exec(line.trim())?.[1];
      if (name) summaries.set(name, summary);
    }
  }
  return summaries;
}

/** The version headings (`## 0.1.0`) of a CHANGELOG, in order, and the first entry under the first one. */
export function readChangelog(text: string): { readonly versions: string[]; readonly firstEntry: string | undefined } {
  const versions = [...text.matchAll(/^## (\S+)/gm)].map((match) => match[1]!);
  const firstEntry = /^- (.*)$/m.exec(text)?.[1];
  return { versions, firstEntry };
}
