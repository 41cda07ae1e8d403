import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanEnvironment } from "../src/command-environment.js";
import { readManifest, REPOSITORY_ROOT } from "../src/repository.js";

describe("scripts/pnpm.mjs", () => {
  it("runs the pinned pnpm in the folder it is started from, not in the repository root", () => {
    const folder = join(REPOSITORY_ROOT, "packages", "core");
    const run = (...args: string[]): string =>
      execFileSync("node", [join("..", "..", "scripts", "pnpm.mjs"), ...args], { cwd: folder, encoding: "utf8", env: cleanEnvironment() }).trim();
    const pinned = readManifest(REPOSITORY_ROOT)
      .packageManager!.replace(/^pnpm@/, "")
      .split("+")[0];
    expect(run("--version")).toBe(pinned);
    // `pnpm exec` runs in the package it is started in: the package's own name comes back.
    expect(run("exec", "node", "-p", "require('./package.json').name")).toBe("@baton/core");
  });
});
