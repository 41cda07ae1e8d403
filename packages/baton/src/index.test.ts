import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as sdk from "./index.js";
import * as core from "@baton/core";
import * as coreEventQueue from "@baton/core/event-queue";
import * as coreRunState from "@baton/core/run-state";
import * as coreStorageKit from "@baton/core/storage-kit";
import * as coreToolAccess from "@baton/core/tool-access";
import * as loop from "@baton/loop";
import * as loopPositionalHooks from "@baton/loop/positional-hooks";
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

/** The export names (values and types) of a module. */
interface ModuleExports {
  readonly names: Set<string>;
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
  return new Map(
    declarations.map((declaration, i) => {
      const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(declaration.moduleSpecifier)!);
      return [specifiers[i]!, { names: new Set(exported.map((s) => s.name)) }];
    }),
  );
}

const ENTRIES = [
  "./index.js",
  "@baton/core",
  "@baton/core/event-queue",
  "@baton/core/run-state",
  "@baton/core/provider-kit",
  "@baton/core/storage-kit",
  "@baton/core/secrets",
  "@baton/core/tool-access",
  "@baton/loop",
  "@baton/loop/positional-hooks",
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

/** What the umbrella re-exports of `@baton/core/storage-kit`: the helpers applications use (the rest is for adapter authors). */
const STORAGE_KIT_FOR_APPLICATIONS = [
  "applyDataPolicyToParts",
  "applyDataPolicyToRunState",
  "ConversationHistory",
  "loadConversationHistory",
  "RunTurnDetails",
  "summaryMessage",
  "toConversationMessages",
  "toModelMessages",
  "toolArchiveOf",
  "withDataPolicy",
];

describe("@baton/sdk", () => {
  it("is published under the @baton scope", () => {
    expect(manifest.name).toBe("@baton/sdk");
  });

  it("re-exports every runtime export of @baton/core (its root, its event-queue, run-state and tool-access subpaths), @baton/loop (and its positional-hooks subpath), @baton/tools and @baton/events", () => {
    for (const source of [core, coreEventQueue, coreRunState, coreToolAccess, loop, loopPositionalHooks, tools, events]) {
      for (const [name, value] of Object.entries(source)) expect(sdk[name as keyof typeof sdk], name).toBe(value);
    }
  }, 60_000);

  it("re-exports the storage helpers applications use, and leaves out what only adapters need (retrying streams, the idle watch, record checks, password redaction)", () => {
    const exported = readExports();
    const sdkNames = exported.get("./index.js")!.names;
    for (const name of STORAGE_KIT_FOR_APPLICATIONS) expect(sdkNames, name).toContain(name);
    for (const name of STORAGE_KIT_FOR_APPLICATIONS.filter((name) => name in coreStorageKit)) {
      expect(sdk[name as keyof typeof sdk], name).toBe(coreStorageKit[name as keyof typeof coreStorageKit]);
    }
    const kitNames = [
      ...exported.get("@baton/core/provider-kit")!.names,
      ...exported.get("@baton/core/storage-kit")!.names,
      ...exported.get("@baton/core/secrets")!.names,
    ].filter((name) => !STORAGE_KIT_FOR_APPLICATIONS.includes(name));
    for (const name of [
      "streamWithRetries",
      "retryAfterMs",
      "IdleWatch",
      "RETRY_POLICY_RULES",
      "modelInfo",
      "providerCallId",
      "checkMessages",
      "parseStoredJson",
      "storedToolOutput",
      "redactError",
      "passwordVariants",
    ])
      expect(kitNames, name).toContain(name);
    expect(kitNames.filter((name) => sdkNames.has(name))).toEqual([]);
    // The names those helpers sit next to are re-exported.
    for (const name of ["StoredToolOutput", "checkOptions", "checkToolAccess", "ProviderError"]) expect(sdkNames, name).toContain(name);
  }, 60_000);

  it("lists every export, types included, of the packages it re-exports (and the same for its subpaths)", () => {
    const exported = readExports();
    const names = new Map([...exported].map(([entry, { names }]) => [entry, names]));
    const missing = (entry: string, sources: readonly string[]): string[] =>
      sources.flatMap((source) => [...names.get(source)!].filter((name) => !names.get(entry)!.has(name)).map((name) => `${source}: ${name}`));
    expect(
      missing("./index.js", [
        "@baton/core",
        "@baton/core/event-queue",
        "@baton/core/run-state",
        "@baton/core/tool-access",
        "@baton/loop",
        "@baton/loop/positional-hooks",
        "@baton/tools",
        "@baton/events",
      ]),
    ).toEqual([]);
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
      "@baton/core/event-queue",
      "@baton/core/run-state",
      "@baton/core/storage-kit",
      "@baton/core/tool-access",
      "@baton/events",
      "@baton/loop",
      "@baton/loop/positional-hooks",
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
