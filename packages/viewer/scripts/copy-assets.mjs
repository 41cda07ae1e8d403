#!/usr/bin/env node
/**
 * Puts the page's files together in dist/browser: static/* as written (plain ES
 * modules, HTML, CSS) and the compiled model (dist/model/trace.js, which has no
 * runtime imports, so the browser loads it as is). Runs after tsc in `build`.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const target = `${root}dist/browser/`;
mkdirSync(target, { recursive: true });
for (const name of readdirSync(`${root}static`)) copyFileSync(`${root}static/${name}`, target + name);
const model = readFileSync(`${root}dist/model/trace.js`, "utf8");
if (/^\s*import\s[^"']*["'](?!\.)/m.test(model.replace(/^\s*import type[^;]*;/gm, ""))) {
  console.error("copy-assets: dist/model/trace.js imports a package; the browser cannot load it.");
  process.exit(1);
}
// Without the source map comment: the map is not served.
writeFileSync(`${target}trace.js`, model.replace(/\n\/\/# sourceMappingURL=.*\s*$/, "\n"));
