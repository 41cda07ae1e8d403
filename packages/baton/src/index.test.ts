import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as sdk from "./index.js";
import * as core from "@baton/core";
import * as loop from "@baton/loop";
import * as tools from "@baton/tools";
import * as events from "@baton/events";
import * as eventsClient from "@baton/events/client";
import * as eventsNode from "@baton/events/node";
import * as agentsPackage from "@baton/agents";
import * as client from "./client.js";
import * as node from "./node.js";
import * as agents from "./agents.js";

const here = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(resolve(here, "../package.json"), "utf8")) as {
  name: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  exports: Record<string, unknown>;
};

/** The bare module specifiers `entry` imports, through its relative imports (type-only imports left out). */
function packagesImportedBy(entry: string): Set<string> {
  const seen = new Set<string>();
  const found = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    for (const match of code.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)";/gm)) {
      const [, typeOnly, specifier] = match as unknown as [string, string | undefined, string];
      if (typeOnly !== undefined) continue;
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else found.add(specifier);
    }
  };
  visit(entry);
  return found;
}

/** The export names (values and types) of a module, and those of them its declarations mark `@deprecated`. */
interface ModuleExports {
  readonly names: Set<string>;
  readonly deprecated: Set<string>;
}

/** Every export of each module, read with the TypeScript compiler. */
function moduleExports(specifiers: readonly string[]): Map<string, ModuleExports> {
  const probe = resolve(here, "__export_names_probe__.ts");
  const text = specifiers.map((specifier, i) => `import * as m${i} from "${specifier}";\nexport { m${i} };`).join("\n");
  const host = ts.createCompilerHost({});
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (resolve(file) === probe ? text : readFile(file));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => resolve(file) === probe || fileExists(file);
  const program = ts.createProgram({
    rootNames: [probe],
    options: {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: ["node"],
      skipLibCheck: true,
      noEmit: true,
    },
    host,
  });
  const checker = program.getTypeChecker();
  const declarations = program.getSourceFile(probe)!.statements.filter(ts.isImportDeclaration);
  const isDeprecated = (exported: ts.Symbol): boolean => {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    return target.getJsDocTags(checker).some((tag) => tag.name === "deprecated");
  };
  return new Map(
    declarations.map((declaration, i) => {
      const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(declaration.moduleSpecifier)!);
      return [specifiers[i]!, { names: new Set(exported.map((s) => s.name)), deprecated: new Set(exported.filter(isDeprecated).map((s) => s.name)) }];
    }),
  );
}

const ENTRIES = [
  "./index.js",
  "@baton/core",
  "@baton/loop",
  "@baton/tools",
  "@baton/events",
  "./agents.js",
  "@baton/agents",
  "./node.js",
  "@baton/events/node",
  "./client.js",
  "@baton/events/client",
];
let exportsRead: Map<string, ModuleExports> | undefined;
/** The exports of the umbrella's entries and of the packages they re-export (read once: it takes a few seconds). */
const readExports = (): Map<string, ModuleExports> => (exportsRead ??= moduleExports(ENTRIES));

/**
 * The root exports core has deprecated: the adapter helpers it moved to
 * `@baton/core/provider-kit` and `@baton/core/storage-kit` (retry streaming, retry-after
 * parsing, the idle watch, record checks), still at its root for one release. The
 * umbrella is what an application imports, so it leaves them out.
 */
const deprecatedCoreNames = (): Set<string> => readExports().get("@baton/core")!.deprecated;

describe("@baton/sdk", () => {
  it("is published under the @baton scope", () => {
    expect(manifest.name).toBe("@baton/sdk");
  });

  it("re-exports every runtime export of @baton/core (but its deprecated ones), @baton/loop, @baton/tools and @baton/events", () => {
    const skipped = deprecatedCoreNames();
    for (const source of [core, loop, tools, events]) {
      for (const [name, value] of Object.entries(source)) {
        if (source === core && skipped.has(name)) expect(name in sdk, `${name} is deprecated in @baton/core`).toBe(false);
        else expect(sdk[name as keyof typeof sdk], name).toBe(value);
      }
    }
  }, 60_000);

  it("leaves out exactly the root exports @baton/core has deprecated (the adapter helpers of its provider and storage kits)", () => {
    const deprecated = deprecatedCoreNames();
    const sdkNames = readExports().get("./index.js")!.names;
    // Read from the `@deprecated` tags: the retry, idle-watch and record-check helpers are among them.
    for (const name of ["streamWithRetries", "retryAfterMs", "IdleWatch", "checkMessages", "parseStoredJson", "storedToolOutput"]) {
      expect(deprecated, name).toContain(name);
    }
    expect([...deprecated].filter((name) => sdkNames.has(name))).toEqual([]);
    // Not deprecated, so still re-exported: the names those helpers sit next to.
    for (const name of ["StoredToolOutput", "checkOptions", "checkToolAccess", "ProviderError"]) expect(sdkNames, name).toContain(name);
  }, 60_000);

  it("lists every export, types included, of the packages it re-exports (and the same for its subpaths)", () => {
    const exported = readExports();
    const names = new Map([...exported].map(([entry, { names }]) => [entry, names]));
    const deprecatedInCore = deprecatedCoreNames();
    const missing = (entry: string, sources: readonly string[]): string[] =>
      sources.flatMap((source) =>
        [...names.get(source)!]
          .filter((name) => !names.get(entry)!.has(name) && !(source === "@baton/core" && deprecatedInCore.has(name)))
          .map((name) => `${source}: ${name}`),
      );
    expect(missing("./index.js", ["@baton/core", "@baton/loop", "@baton/tools", "@baton/events"])).toEqual([]);
    expect(missing("./agents.js", ["@baton/agents"])).toEqual([]);
    expect(missing("./node.js", ["@baton/events/node"])).toEqual([]);
    expect(missing("./client.js", ["@baton/events/client"])).toEqual([]);
    expect(names.get("./index.js")).toContain("createAgent");
    expect(names.get("./index.js")).toContain("CreateAgentOptions");
  }, 60_000);

  it("keeps the built-in agents, the Node writers and the browser client on subpaths of their own", () => {
    expect(Object.keys(agents).sort()).toEqual(Object.keys(agentsPackage).sort());
    expect(agents.defineAgent).toBe(agentsPackage.defineAgent);
    expect(Object.keys(node).sort()).toEqual(Object.keys(eventsNode).sort());
    expect(node.sendSse).toBe(eventsNode.sendSse);
    expect(Object.keys(client).sort()).toEqual(Object.keys(eventsClient).sort());
    expect(client.decodeSseEvents).toBe(eventsClient.decodeSseEvents);
    expect(Object.keys(sdk)).not.toContain("sendSse");
    expect(Object.keys(sdk)).not.toContain("defineAgent");
  });

  it("loads only core, loop, tools, the Web part of events and the memory storage when the root is imported (not @baton/agents, not zod)", () => {
    expect([...packagesImportedBy(resolve(here, "index.ts"))].sort()).toEqual([
      "@baton/core",
      "@baton/events",
      "@baton/loop",
      "@baton/storage-memory",
      "@baton/tools",
    ]);
    expect([...packagesImportedBy(resolve(here, "agents.ts"))]).toEqual(["@baton/agents"]);
    expect([...packagesImportedBy(resolve(here, "node.ts"))]).toEqual(["@baton/events/node"]);
  });

  it("has no test doubles in a production install: @baton/testing is a development dependency only, and there is no ./testing entry", () => {
    expect(Object.keys(manifest.dependencies)).not.toContain("@baton/testing");
    expect(manifest.devDependencies["@baton/testing"]).toBeDefined();
    expect(Object.keys(manifest.exports).sort()).toEqual([".", "./agents", "./client", "./node", "./package.json"]);
  });

  it("adds createAgent", () => {
    expect(typeof sdk.createAgent).toBe("function");
  });
});
