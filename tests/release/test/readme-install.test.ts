import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importedPackages, packagesOfInstallCommands, readmeInstall, firstRunnableExample } from "../src/readme-install.js";
import { publishedPackages, REPOSITORY_ROOT } from "../src/repository.js";

describe("packagesOfInstallCommands", () => {
  it("reads the packages of npm i and npm install, without options or version ranges, from shell lines, text and comments", () => {
    expect(packagesOfInstallCommands("npm i @baton/sdk zod@^4\nnpm i -D @baton/testing   # tests only")).toStrictEqual(["@baton/sdk", "zod", "@baton/testing"]);
    expect(packagesOfInstallCommands("(`npm install @baton/loop @baton/testing`, then `npx tsx example.mts`)")).toStrictEqual([
      "@baton/loop",
      "@baton/testing",
    ]);
    expect(packagesOfInstallCommands("// npm install @baton/google @google/genai@2")).toStrictEqual(["@baton/google", "@google/genai"]);
    expect(packagesOfInstallCommands("npm i -g @baton/cli            # or run it once")).toStrictEqual(["@baton/cli"]);
    expect(packagesOfInstallCommands("npm run build; npx tsx a.mts")).toStrictEqual([]);
  });
});

describe("readmeInstall", () => {
  it("takes every command of the first block that installs, even when the example's own comment is that block", () => {
    const shell = ["# x", "```sh", "npm i a b", "npm i -D c", "```", "```ts", 'import { a } from "a";', "```", "```sh", "npm i d", "```"].join("\n");
    expect(readmeInstall(shell)).toStrictEqual({ line: 3, packages: ["a", "b", "c"] });
    const comment = ["# x", "```ts", "// npm install a @scope/b", 'import { b } from "@scope/b";', "```"].join("\n");
    expect(readmeInstall(comment)).toStrictEqual({ line: 3, packages: ["a", "@scope/b"] });
  });

  it("falls back on a line of text up to the next block after the example, and finds none past it", () => {
    const text = ["# x", "```ts", 'import { a } from "a";', "```", "Run it after `npm i a`.", "```sh", "npm i b", "```"].join("\n");
    expect(readmeInstall(text)).toStrictEqual({ line: 5, packages: ["a"] });
    const late = ["# x", "```ts", 'import { a } from "a";', "```", "```sh", "npm i a", "```", "Or `npm i a`."].join("\n");
    expect(readmeInstall(late)).toBeUndefined();
  });

  it("skips the examples marked not compiled when it looks for the first runnable one", () => {
    const markdown = ["```ts", "// not compiled: a shape", "x();", "```", "```ts", 'import "b";', "```"].join("\n");
    expect(firstRunnableExample(markdown)?.line).toBe(5);
  });
});

describe("importedPackages", () => {
  it("names each package once, subpaths folded, Node's modules and relative paths left out, type and dynamic imports kept", () => {
    const code = [
      'import { createServer } from "node:http";',
      'import { readFileSync } from "fs";',
      'import { sendSse } from "@baton/events/node";',
      'import { RunSessions } from "@baton/events";',
      'import type { RunEventLog } from "@baton/core";',
      'import "./setup.js";',
      'import "dotenv/config";',
      'const { z } = await import("zod");',
    ].join("\n");
    expect(importedPackages(code)).toStrictEqual(["@baton/events", "@baton/core", "dotenv", "zod"]);
  });
});

/** Each published package's README. */
const READMES = publishedPackages()
  .map(({ folder, name }) => ({ name, path: join("packages", folder, "README.md") }))
  .filter(({ path }) => existsSync(join(REPOSITORY_ROOT, path)));

describe("the install line of every package README", () => {
  it("covers every published package", () => {
    expect(READMES.map(({ name }) => name)).toStrictEqual(publishedPackages().map(({ name }) => name));
  });

  it.each(READMES)("$name: names every package its first runnable example imports", ({ name, path }) => {
    const markdown = readFileSync(join(REPOSITORY_ROOT, path), "utf8");
    const example = firstRunnableExample(markdown);
    expect(example, `${path} has no runnable TypeScript example`).toBeDefined();
    const install = readmeInstall(markdown);
    expect(install, `${path} says nothing to install by its first example (line ${example!.line})`).toBeDefined();
    expect(install!.packages, `${path}:${install!.line} installs ${name}`).toContain(name);
    const missing = importedPackages(example!.code).filter((imported) => !install!.packages.includes(imported));
    expect(missing, `${path}:${install!.line} misses what the example at line ${example!.line} imports`).toStrictEqual([]);
  });
});
