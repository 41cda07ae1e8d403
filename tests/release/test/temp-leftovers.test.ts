import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../src/repository.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("scripts/temp-leftovers.mjs", () => {
  it("fails listing what the suite left in the temp directory since start (baton-* and Vitest caches), and nothing else", () => {
    // A temp directory of its own (TMPDIR), and a note of its own: the suite's real ones are in use.
    const temp = mkdtempSync(join(tmpdir(), "baton-temp-leftovers-test-"));
    folders.push(temp);
    const env = { ...process.env, TMPDIR: temp, BATON_TEMP_LEFTOVERS_STATE: join(temp, "note.json") };
    const script = (command: string) =>
      spawnSync(process.execPath, [join(REPOSITORY_ROOT, "scripts", "temp-leftovers.mjs"), command], { env, encoding: "utf8" });
    mkdirSync(join(temp, "baton-there-before"));
    expect(script("start").status).toBe(0);

    mkdirSync(join(temp, "baton-cli-abc"));
    writeFileSync(join(temp, "baton-readme-1.txt"), "x");
    mkdirSync(join(temp, "Xy12_vitest-id", "ssr"), { recursive: true });
    mkdirSync(join(temp, "another-program"));
    const dirty = script("check");
    expect(dirty.status).toBe(1);
    expect(dirty.stderr).toBe(`The test suite left 3 file(s) or folder(s) in ${temp}:\n  Xy12_vitest-id\n  baton-cli-abc\n  baton-readme-1.txt\n`);

    for (const name of ["baton-cli-abc", "baton-readme-1.txt", "Xy12_vitest-id"]) rmSync(join(temp, name), { recursive: true });
    const clean = script("check");
    expect(clean.status).toBe(0);
    expect(clean.stdout).toBe(`temp directory: nothing left behind (${temp})\n`);
  });
});
