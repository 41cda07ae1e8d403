#!/usr/bin/env node
// Bundle size side by side: Baton's core + loop + tools against `ai` and
// `@openai/agents`, each bundled the same way (esbuild, minified ESM for Node, gzip;
// SDKs and zod left out, every public export kept). The measuring code is the one the
// size budgets of the test suite use (tests/size/src/bundle-size.mjs).
//
//   node bench/size.mjs [--json]
//
// Baton's packages are bundled from their built files (run the build first).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { kilobytes, measureBundle } from "../tests/size/src/bundle-size.mjs";
import { reexportAll, rootEntryFile } from "../tests/size/src/package-entries.mjs";

const here = dirname(fileURLToPath(import.meta.url));
/** Ajv's main file, as `@baton/tools` finds it. */
const ajvFile = createRequire(join(here, "..", "packages", "tools", "package.json")).resolve("ajv");

/** Module text re-exporting everything of the given bare specifiers (resolved from bench/). */
const reexportPackages = (...names) => names.map((name, index) => `export * as entry${index} from ${JSON.stringify(name)};`).join("\n");

/** Module text importing `names` from the built Baton package in `packages/<folder>`. */
const pick = (folder, ...names) => `export { ${names.join(", ")} } from ${JSON.stringify(rootEntryFile(folder))};`;

/**
 * What is measured: a label and the module text bundled. "Whole" bundles keep every
 * public export; "agent app" bundles keep what an application running an agent with
 * tools imports (tree shaking drops the rest).
 */
export const BUNDLES = [
  { id: "baton", label: "Baton core + loop + tools", source: reexportAll(["core", "loop", "tools"].map(rootEntryFile)) },
  { id: "baton-openai", label: "Baton core + loop + tools + openai adapter", source: reexportAll(["core", "loop", "tools", "openai"].map(rootEntryFile)) },
  { id: "ajv", label: "  Ajv (loaded with the first JSON Schema tool)", source: `export { Ajv } from ${JSON.stringify(ajvFile)};` },
  { id: "ai", label: "ai", source: reexportPackages("ai") },
  { id: "ai-openai", label: "ai + @ai-sdk/openai", source: reexportPackages("ai", "@ai-sdk/openai") },
  { id: "openai-agents", label: "@openai/agents", source: reexportPackages("@openai/agents") },
  {
    id: "baton-app",
    label: "agent app: Baton run, stream, defineTool, registry",
    source: [pick("loop", "run", "stream"), pick("tools", "defineTool", "createToolRegistry")].join("\n"),
  },
  { id: "ai-app", label: "agent app: ai generateText, streamText, tool", source: `export { generateText, streamText, tool, stepCountIs } from "ai";` },
  { id: "openai-agents-app", label: "agent app: @openai/agents Agent, run, tool", source: `export { Agent, run, tool } from "@openai/agents";` },
];

async function main() {
  const json = process.argv.includes("--json");
  const rows = [];
  for (const bundle of BUNDLES) {
    const size = await measureBundle({ source: bundle.source, resolveDir: here });
    rows.push({ id: bundle.id, label: bundle.label, minified: size.eager.minified, gzip: size.eager.gzip, lazyGzip: size.lazy.gzip });
  }
  if (json) {
    console.log(JSON.stringify({ rows }));
    return;
  }
  console.log("Bundle size (esbuild, minified ESM for Node, gzip level 9; SDKs and zod left out).");
  console.log('"later": chunks behind a dynamic import(), loaded when first needed.\n');
  const width = Math.max(...rows.map((row) => row.label.length));
  console.log(`| ${"bundle".padEnd(width)} | minified  | gzip      | later, gzip |`);
  console.log(`| ${"-".repeat(width)} | --------- | --------- | ----------- |`);
  for (const row of rows) {
    const later = row.lazyGzip > 0 ? kilobytes(row.lazyGzip) : "";
    console.log(`| ${row.label.padEnd(width)} | ${kilobytes(row.minified).padStart(9)} | ${kilobytes(row.gzip).padStart(9)} | ${later.padStart(11)} |`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
