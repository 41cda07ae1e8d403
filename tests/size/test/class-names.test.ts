import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, it } from "vitest";

/**
 * Bundling keeps the names of exported classes: an error's `name` (and the marker that
 * recognises it across copies of `@baton/core`) is its class's name, so a class renamed
 * by the bundler (`var ToolSet = class _ToolSet`, when its body names itself) would
 * change what users see. Every class an entry point exports is named as it is exported,
 * unless it is another export under a second name (a deprecated alias).
 */
const packagesDir = fileURLToPath(new URL("../../../packages/", import.meta.url));

/** Deprecated names of classes the adapters no longer export under their own names (kept one release). */
const DEPRECATED_CLASS_ALIASES = new Set([
  "@baton/google: GoogleProvider is named GeminiModelProvider",
  "@baton/openai: OpenAIProvider is named OpenAIModelProvider",
]);

it("every class exported by a package's built entry points keeps its name", async () => {
  const renamed: string[] = [];
  let classes = 0;
  for (const folder of readdirSync(packagesDir)) {
    const manifest = JSON.parse(readFileSync(join(packagesDir, folder, "package.json"), "utf8")) as {
      name: string;
      private?: boolean;
      exports?: Record<string, unknown>;
    };
    if (manifest.private) continue;
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const file = typeof target === "string" ? target : ((target as { import?: string; default?: string }).import ?? (target as { default?: string }).default);
      if (file === undefined || !file.endsWith(".js")) continue;
      const module = (await import(pathToFileURL(join(packagesDir, folder, file)).href)) as Record<string, unknown>;
      const exported = new Set(Object.keys(module));
      for (const [name, value] of Object.entries(module)) {
        if (typeof value !== "function" || !/^class[\s{]/.test(Function.prototype.toString.call(value))) continue;
        classes++;
        const isAlias = value.name !== name && exported.has(value.name) && module[value.name] === value;
        const problem = `${manifest.name}${subpath.slice(1)}: ${name} is named ${value.name}`;
        if (value.name !== name && !isAlias && !DEPRECATED_CLASS_ALIASES.has(problem)) renamed.push(problem);
      }
    }
  }
  expect(classes).toBeGreaterThan(100);
  expect(renamed).toEqual([]);
});
