import { builtinModules } from "node:module";
import { fencedBlocks, readmeCodeBlocks, type ReadmeCodeBlock } from "./readme-code-blocks.js";

/** What a README tells a reader to install before its first runnable example. */
export interface ReadmeInstall {
  /** 1-based line of the first `npm i` command of the install. */
  readonly line: number;
  /** The packages its `npm i` commands name (dependencies and `-D` ones alike), version ranges removed. */
  readonly packages: readonly string[];
}

/** An `npm i` / `npm install` command, up to the end of the line, a comment or a closing backtick. */
const NPM_INSTALL = /\bnpm\s+(?:i|install)\s+([^`#\n(]*)/g;

/** A package name as an `npm i` argument gives it, without its version range (`zod@^4` → `zod`, `@a/b@1` → `@a/b`). */
function packageOfArgument(argument: string): string {
  const at = argument.indexOf("@", 1);
  return at === -1 ? argument : argument.slice(0, at);
}

/** The packages the `npm i` commands of `text` name, in order (options such as `-D` and `-g` left out). */
export function packagesOfInstallCommands(text: string): string[] {
  const packages: string[] = [];
  for (const match of text.matchAll(NPM_INSTALL)) {
    for (const argument of match[1]!.trim().split(/\s+/)) {
      if (argument === "" || argument.startsWith("-")) continue;
      if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(@\S+)?$/i.test(argument)) break;
      packages.push(packageOfArgument(argument));
    }
  }
  return packages;
}

/**
 * The install a README gives for its first runnable example: the first fenced block
 * (a shell block, or the example itself, whose comment says what to install) holding
 * `npm i` commands, all of that block's commands together; or, when no block up to the
 * example holds one, the first line of text that does, up to the next block after the
 * example (a README may say what to install right below its first example). Undefined
 * when the README gives none there.
 */
export function readmeInstall(markdown: string): ReadmeInstall | undefined {
  const example = firstRunnableExample(markdown);
  const lines = markdown.split("\n");
  const blocks = fencedBlocks(markdown);
  const at = example === undefined ? blocks.length - 1 : blocks.findIndex((block) => block.line === example.line);
  for (const block of blocks.slice(0, at + 1)) {
    const packages = packagesOfInstallCommands(block.code);
    if (packages.length === 0) continue;
    const first = block.code.split("\n").findIndex((text) => packagesOfInstallCommands(text).length > 0);
    return { line: block.line + 1 + first, packages };
  }
  const inBlock = (line: number): boolean => blocks.some((block) => line >= block.line && line <= block.endLine);
  const lastLine = at + 1 < blocks.length ? blocks[at + 1]!.line - 1 : lines.length;
  for (let line = 1; line <= lastLine; line++) {
    const packages = inBlock(line) ? [] : packagesOfInstallCommands(lines[line - 1]!);
    if (packages.length > 0) return { line, packages };
  }
  return undefined;
}

/** The first TypeScript block of a README that is meant to run (not marked `// not compiled`). */
export function firstRunnableExample(markdown: string): ReadmeCodeBlock | undefined {
  return readmeCodeBlocks(markdown).find((block) => block.compiles);
}

const BUILTINS = new Set(builtinModules);

/**
 * The packages `code` imports (static and dynamic imports, `import type` included: a
 * reader who type-checks needs them too), by package name (`@baton/events/node` →
 * `@baton/events`), Node's built-in modules and relative paths left out.
 */
export function importedPackages(code: string): string[] {
  const packages = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm)) {
    const specifier = match[1]!;
    if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) continue;
    const parts = specifier.split("/");
    const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
    if (!BUILTINS.has(name)) packages.add(name);
  }
  return [...packages];
}
