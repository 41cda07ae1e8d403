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

/** What {@link readChangelog} reads of a CHANGELOG. */
export interface ChangelogOutline {
  /** The version headings (`## 0.1.0`), in order. */
  readonly versions: string[];
  /** The first entry under the first version, if any. */
  readonly firstEntry: string | undefined;
  /** The section of the first version: its entries (`- …`, the first line of each) and its whole text. */
  readonly latest: { readonly entries: string[]; readonly text: string };
}

/** The version headings (`## 0.1.0`) of a CHANGELOG, in order, the first entry under the first one, and that version's section. */
export function readChangelog(text: string): ChangelogOutline {
  const versions = [...text.matchAll(/^## (\S+)/gm)].map((match) => match[1]!);
  const firstEntry = /^- (.*)$/m.exec(text)?.[1];
  const start = text.search(/^## /m);
  const rest = start === -1 ? "" : text.slice(start);
  const next = rest.slice(3).search(/^## /m);
  const section = next === -1 ? rest : rest.slice(0, next + 3);
  const entries = [...section.matchAll(/^- (.*)$/gm)].map((match) => match[1]!);
  return { versions, firstEntry, latest: { entries, text: section } };
}
