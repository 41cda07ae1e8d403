// How big code is once an application bundles it: esbuild (bundled, minified, ESM,
// for Node, tree-shaken) and gzip (level 9). One definition shared by the size
// budgets of the test suite (test/*.test.ts) and by bench/size.mjs, so both measure
// the same way.
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** SDKs and schema libraries an application brings itself: never counted. */
export const APPLICATION_PACKAGES = ["zod", "zod/*", "openai", "openai/*", "@anthropic-ai/sdk", "@anthropic-ai/sdk/*", "@google/genai", "@google/genai/*"];

/**
 * Bundles `source` (module text, resolved from `resolveDir`) and measures the result.
 * Code splitting is on, so code behind a dynamic `import()` lands in a chunk of its
 * own: `eager` is what loads with the module, `lazy` what loads later, if ever.
 * Modules listed in `external` (esbuild patterns, `*` allowed) are left out.
 *
 * @param {{ source: string, resolveDir: string, external?: readonly string[] }} options
 * @returns {Promise<import("./bundle-size.d.mts").BundleSize>}
 */
export async function measureBundle({ source, resolveDir, external = APPLICATION_PACKAGES }) {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: "js", sourcefile: "entry.js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "node",
    splitting: true,
    absWorkingDir: resolveDir,
    outdir: resolve(resolveDir, "size-out"),
    write: false,
    metafile: true,
    logLevel: "silent",
    external: [...external],
  });
  const files = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint !== undefined);
  const eager = new Set();
  const visit = (path) => {
    if (eager.has(path)) return;
    eager.add(path);
    for (const imported of outputs[path].imports) if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
  };
  visit(entry);
  const sizeOf = (paths) => {
    let minified = 0;
    let gzip = 0;
    for (const path of paths) {
      const contents = files.get(resolve(resolveDir, path));
      minified += contents.length;
      gzip += gzipSync(contents, { level: 9 }).length;
    }
    return { minified, gzip };
  };
  const inputs = {};
  for (const output of Object.values(outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) inputs[input] = (inputs[input] ?? 0) + bytesInOutput;
  }
  const lazy = Object.keys(outputs).filter((path) => !eager.has(path) && path.endsWith(".js"));
  const inputsOf = (paths) => [...new Set(paths.flatMap((path) => Object.keys(outputs[path].inputs)))].sort();
  return {
    eager: sizeOf([...eager]),
    lazy: sizeOf(lazy),
    inputs,
    eagerInputs: inputsOf([...eager]),
    lazyInputs: inputsOf(lazy),
  };
}

/** Kilobytes (1000 bytes) with one decimal, as bundle sizes are usually quoted. */
export function kilobytes(bytes) {
  return `${(bytes / 1000).toFixed(1)} KB`;
}
