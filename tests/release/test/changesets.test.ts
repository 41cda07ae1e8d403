import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { firstReleaseSummaries, readChangelog } from "../src/changesets.js";
import { REPOSITORY_ROOT } from "../src/repository.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function repositoryWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "baton-changesets-test-"));
  folders.push(root);
  mkdirSync(join(root, ".changeset"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, ".changeset", name), text);
  return root;
}

describe("firstReleaseSummaries", () => {
  it("maps each package a first-release changeset names to the first line of its description", () => {
    const root = repositoryWith({
      "0-first-release-core.md": '---\n"@baton/core": minor\n---\n\nFirst release. The contracts.\n\nMore detail.\n',
      "first-release-loop.md": "---\n'@baton/loop': minor\n---\n\nFirst release of the loop.\n",
      "other-change.md": '---\n"@baton/core": patch\n---\n\nNot a first release.\n',
    });
    expect([...firstReleaseSummaries(root)]).toStrictEqual([
      ["@baton/core", "First release. The contracts."],
      ["@baton/loop", "First release of the loop."],
    ]);
  });

  it("rejects a first-release changeset without front matter", () => {
    const root = repositoryWith({ "0-first-release-core.md": "First release.\n" });
    expect(() => firstReleaseSummaries(root)).toThrow(".changeset/0-first-release-core.md has no front matter");
  });
});

describe("readChangelog", () => {
  it("returns the version headings in order, the first entry, and the latest version's entries", () => {
    const text =
      "# @baton/core\n\n## 0.2.0\n\n### Minor Changes\n\n- Second.\n  More of it.\n\n### Patch Changes\n\n- Third.\n\n## 0.1.0\n\n### Minor Changes\n\n- First release.\n";
    expect(readChangelog(text)).toStrictEqual({
      versions: ["0.2.0", "0.1.0"],
      firstEntry: "Second.",
      latest: { entries: ["Second.", "Third."], text: "## 0.2.0\n\n### Minor Changes\n\n- Second.\n  More of it.\n\n### Patch Changes\n\n- Third.\n\n" },
    });
  });

  it("finds no entry in a CHANGELOG without one", () => {
    expect(readChangelog("# @baton/core\n")).toStrictEqual({ versions: [], firstEntry: undefined, latest: { entries: [], text: "" } });
  });
});

/** The repository's changelog functions (`.changeset/changelog.cjs`), as `changeset version` loads them. */
const changelog = createRequire(import.meta.url)(join(REPOSITORY_ROOT, ".changeset", "changelog.cjs")) as {
  getReleaseLine(changeset: { id: string; summary: string; releases: { name: string; type: string }[] }, type: string, options: unknown): Promise<string>;
};

describe(".changeset/changelog.cjs", () => {
  /** The release line of a changeset, with `changeset version` run in `root`. */
  async function lineIn(root: string, id: string, summary: string): Promise<string> {
    const cwd = process.cwd();
    process.chdir(root);
    try {
      return await changelog.getReleaseLine({ id, summary, releases: [{ name: "@baton/core", type: "minor" }] }, "minor", null);
    } finally {
      process.chdir(cwd);
    }
  }

  it("writes only the first-release changesets while the first release is pending, so the first entry says what the package offers", async () => {
    const root = repositoryWith({ "0-first-release-core.md": '---\n"@baton/core": minor\n---\n\nFirst release. The contracts.\n' });
    expect(await lineIn(root, "0-first-release-core", "First release. The contracts.")).toBe("- First release. The contracts.");
    expect(await lineIn(root, "core-rename", "`name` is still accepted for one release (deprecated).")).toBe("");
  });

  it("writes every changeset once the first release is out", async () => {
    const root = repositoryWith({ "core-fix.md": '---\n"@baton/core": patch\n---\n\nA fix.\n' });
    expect(await lineIn(root, "core-fix", "A fix.")).toBe("- A fix.");
  });
});
