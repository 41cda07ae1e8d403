import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { firstReleaseSummaries, readChangelog } from "../src/changesets.js";

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
  it("returns the version headings in order and the first entry", () => {
    const text = "# @baton/core\n\n## 0.2.0\n\n### Minor Changes\n\n- Second.\n\n## 0.1.0\n\n### Minor Changes\n\n- First release.\n";
    expect(readChangelog(text)).toStrictEqual({ versions: ["0.2.0", "0.1.0"], firstEntry: "Second." });
  });

  it("finds no entry in a CHANGELOG without one", () => {
    expect(readChangelog("# @baton/core\n")).toStrictEqual({ versions: [], firstEntry: undefined });
  });
});
