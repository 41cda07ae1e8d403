import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { declaredExports, type DeclaredExport } from "./support/adapter-exports.js";

/**
 * One shape for the provider adapters: `@baton/openai`, `@baton/anthropic` and
 * `@baton/google` export the same names (up to the adapter's prefix: `OpenAI` /
 * `Anthropic` / `Google`, `OPENAI` / `ANTHROPIC` / `GOOGLE`) with the same kinds, and
 * their functions take the same parameters in the same order. Read from the built
 * entry points (declarations and JavaScript), as a user installs them. An export only
 * one adapter can have (a conversion for its own API) is listed below by name;
 * deprecated aliases are listed too, so that dropping them is a deliberate change.
 */
const packagesDir = fileURLToPath(new URL("../../", import.meta.url));

interface Adapter {
  readonly folder: string;
  /** The prefix in type and function names. */
  readonly prefix: string;
  /** The prefix in constant names. */
  readonly upper: string;
  /** Exports that are this adapter's own (its API's conversions and settings). */
  readonly ownExports: readonly string[];
  /** Deprecated aliases kept for one release: `name kind`. */
  readonly deprecated: readonly string[];
}

const ADAPTERS: readonly Adapter[] = [
  {
    folder: "openai",
    prefix: "OpenAI",
    upper: "OPENAI",
    ownExports: ["isOpenAIReasoningModel", "OpenAIApi", "OpenAIReasoningEffort", "OpenAICustomToolFormat"],
    deprecated: ["OpenAIModelEntry type", "OpenAIProvider const", "resolveModelInfo const", "retryAfterMs const", "toProviderError function"],
  },
  {
    folder: "anthropic",
    prefix: "Anthropic",
    upper: "ANTHROPIC",
    ownExports: [
      "toAnthropicMessages",
      "AnthropicConversation",
      "toAnthropicTools",
      "toToolChoice",
      "toAnthropicRequest",
      "FALLBACK_MAX_TOKENS",
      "AnthropicRequestBody",
      "RequestDefaults",
      "mapAnthropicStream",
      "AnthropicStreamMapper",
      "toFinishReason",
      "AnthropicThinkingConfig",
      "AnthropicStreamEvent",
      "AnthropicStreamingParams",
    ],
    deprecated: ["findModelInfo function", "mapAnthropicError function", "retryAfterMs const"],
  },
  {
    folder: "google",
    prefix: "Google",
    upper: "GOOGLE",
    ownExports: [
      "toGeminiContents",
      "GeminiConversation",
      "toGeminiSchema",
      "toGeminiTools",
      "toGeminiToolConfig",
      "GoogleToolSchemaMode",
      "GeminiStreamMapper",
      "GeminiThinkingConfig",
      "GeminiSafetySetting",
    ],
    deprecated: ["GoogleProvider const", "findModelInfo function"],
  },
];

/** The shape every adapter has, with `{P}` / `{U}` for its prefixes. */
const SHAPE: Readonly<Record<string, string>> = {
  "create{P}Provider": "function",
  "{P}Provider": "interface",
  "{P}ProviderOptions": "interface",
  "{U}_PROVIDER_OPTION_RULES": "const",
  "{U}_MODELS": "const",
  "find{P}ModelInfo": "function",
  "to{P}Error": "function",
  "{P}ErrorContext": "interface",
  "{U}_CONTEXT_LENGTH_PATTERNS": "const",
  "{P}Client": "type",
};

/** The exported name with the adapter's prefixes replaced by `{P}` / `{U}`. */
export function normalized(name: string, adapter: Pick<Adapter, "prefix" | "upper">): string {
  return name.replaceAll(adapter.upper, "{U}").replaceAll(adapter.prefix, "{P}");
}

/** An adapter's current (not deprecated, not its own) exports: `normalized name` → `kind(parameters)`. */
export function sharedShape(adapter: Pick<Adapter, "prefix" | "upper" | "ownExports">, exports: readonly DeclaredExport[]): Map<string, string> {
  const shape = new Map<string, string>();
  for (const entry of exports) {
    if (entry.deprecated || adapter.ownExports.includes(entry.name)) continue;
    const key = normalized(entry.name, adapter);
    const kind = entry.parameters ? `${entry.kind}(${entry.parameters.join(", ")})` : entry.kind;
    shape.set(key, shape.has(key) ? [shape.get(key), kind].sort().join(" & ") : kind);
  }
  return shape;
}

/** The lines on which the adapters' shapes differ (empty when they agree). */
export function shapeDifferences(shapes: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] {
  const names = new Set([...shapes.values()].flatMap((shape) => [...shape.keys()]));
  const lines: string[] = [];
  for (const name of [...names].sort()) {
    const kinds = [...shapes].map(([adapter, shape]) => `${adapter}: ${shape.get(name) ?? "missing"}`);
    if (new Set(kinds.map((line) => line.slice(line.indexOf(": ") + 2))).size > 1) lines.push(`${name} — ${kinds.join(", ")}`);
  }
  return lines;
}

let declared: Map<string, DeclaredExport[]>;
// A TypeScript program over three packages' declarations: seconds alone, minutes on a machine busy with other suites.
beforeAll(() => {
  declared = declaredExports(ADAPTERS.map((adapter) => join(packagesDir, adapter.folder)));
}, 240_000);

const exportsOf = (adapter: Adapter): DeclaredExport[] => declared.get(join(packagesDir, adapter.folder))!;

describe("provider adapters: one exported shape", () => {
  it("every adapter exports the shared shape, with these kinds", () => {
    for (const adapter of ADAPTERS) {
      const shape = sharedShape(adapter, exportsOf(adapter));
      const kinds = Object.fromEntries(Object.keys(SHAPE).map((name) => [name, shape.get(name)?.replace(/\(.*\)$/, "")]));
      expect({ adapter: adapter.folder, kinds }).toEqual({ adapter: adapter.folder, kinds: SHAPE });
    }
  });

  it("no adapter exports a name, kind or parameter list the others lack (besides its own listed exports)", () => {
    const shapes = new Map(ADAPTERS.map((adapter) => [adapter.folder, sharedShape(adapter, exportsOf(adapter))]));
    expect(shapeDifferences(shapes)).toEqual([]);
  });

  it("the model-info lookup and the error mapper take their arguments in the same order everywhere", () => {
    for (const adapter of ADAPTERS) {
      const shape = sharedShape(adapter, exportsOf(adapter));
      expect([adapter.folder, shape.get("find{P}ModelInfo"), shape.get("to{P}Error"), shape.get("create{P}Provider")]).toEqual([
        adapter.folder,
        "function(modelId, table)",
        "function(error, context)",
        "function(options)",
      ]);
    }
  });

  it("the deprecated aliases are exactly the listed ones (dropping one is a deliberate change)", () => {
    for (const adapter of ADAPTERS) {
      const deprecated = exportsOf(adapter)
        .filter((entry) => entry.deprecated)
        .map((entry) => `${entry.name} ${entry.kind}`)
        .sort();
      expect({ adapter: adapter.folder, deprecated }).toEqual({ adapter: adapter.folder, deprecated: [...adapter.deprecated].sort() });
    }
  });

  it("the built JavaScript exports exactly the values the declarations name, of the kinds they say", async () => {
    for (const adapter of ADAPTERS) {
      const module = (await import(pathToFileURL(join(packagesDir, adapter.folder, "dist", "index.js")).href)) as Record<string, unknown>;
      const values = exportsOf(adapter).filter(
        (entry) => entry.kind === "function" || entry.kind === "const" || entry.kind === "class" || entry.kind === "enum",
      );
      expect({ adapter: adapter.folder, names: Object.keys(module).sort() }).toEqual({
        adapter: adapter.folder,
        names: values.map((entry) => entry.name).sort(),
      });
      for (const entry of values)
        expect([adapter.folder, entry.name, typeof module[entry.name]]).toEqual([
          adapter.folder,
          entry.name,
          entry.kind === "function" || entry.kind === "class" ? "function" : expect.any(String),
        ]);
      const createProvider = module[`create${adapter.prefix}Provider`] as (options: object) => {
        id: string;
        getModelInfo(id: string): unknown;
        stream: unknown;
      };
      const provider = createProvider({ apiKey: "k" });
      expect([adapter.folder, provider.id, typeof provider.stream, typeof provider.getModelInfo]).toEqual([
        adapter.folder,
        adapter.folder,
        "function",
        "function",
      ]);
    }
  });
});

describe("the shape comparison itself", () => {
  const a = { prefix: "Alpha", upper: "ALPHA", ownExports: ["alphaOnly"] };
  const b = { prefix: "Beta", upper: "BETA", ownExports: [] };
  const fn = (name: string, parameters: string[], deprecated = false): DeclaredExport => ({ name, kind: "function", deprecated, parameters });

  it("normalizes both prefixes", () => {
    expect(normalized("ALPHA_MODELS", a)).toBe("{U}_MODELS");
    expect(normalized("createAlphaProvider", a)).toBe("create{P}Provider");
  });

  it("catches a kind, a name or an argument order that differs, and ignores own and deprecated exports", () => {
    const shapes = new Map([
      [
        "a",
        sharedShape(a, [
          fn("findAlphaModelInfo", ["modelId", "table"]),
          { name: "AlphaProvider", kind: "interface", deprecated: false },
          fn("alphaOnly", []),
          fn("old", [], true),
        ]),
      ],
      [
        "b",
        sharedShape(b, [
          fn("findBetaModelInfo", ["table", "modelId"]),
          { name: "BetaProvider", kind: "class", deprecated: false },
          fn("toBetaError", ["error"]),
        ]),
      ],
    ]);
    expect(shapeDifferences(shapes)).toEqual([
      "find{P}ModelInfo — a: function(modelId, table), b: function(table, modelId)",
      "to{P}Error — a: missing, b: function(error)",
      "{P}Provider — a: interface, b: class",
    ]);
  });
});
