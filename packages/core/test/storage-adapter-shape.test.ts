import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { STORAGE_OPERATION_NAMES } from "../src/storage-kit/index.js";
import { declaredExports, type DeclaredExport } from "./support/adapter-exports.js";
import { deprecatedExportsOf, valueNamesOf } from "./support/export-shape.js";

/**
 * One shape for the storage adapters: `@baton/storage-memory`, `-sqlite`, `-postgres`
 * and `-redis` export the same names (up to the adapter's prefix: `Memory` / `Sqlite` /
 * `Postgres` / `Redis`, `MEMORY` / `SQLITE` / `POSTGRES` / `REDIS`) with the same kinds,
 * and their functions take the same parameters in the same order. What an adapter
 * exports depends on what it stores in: every adapter has the common shape, the ones
 * that persist add a schema version, the SQL ones add migrations. Read from the built
 * entry points (declarations and JavaScript), as a user installs them. An export only
 * one adapter can have (its driver's settings) is listed below by name; deprecated
 * aliases are listed too, so that dropping one is a deliberate change.
 */
const packagesDir = fileURLToPath(new URL("../../", import.meta.url));

type Trait = "persistent" | "sql";

interface Adapter {
  readonly folder: string;
  /** The prefix in type and function names. */
  readonly prefix: string;
  /** The prefix in constant names. */
  readonly upper: string;
  readonly traits: readonly Trait[];
  /** Exports that are this adapter's own (its driver's settings and data). */
  readonly ownExports: readonly string[];
  /** Trailing parameters of shared functions that are this adapter's own: `function` → names. */
  readonly ownParameters?: Readonly<Record<string, readonly string[]>>;
  /** Deprecated aliases kept for one release: `name kind`. */
  readonly deprecated: readonly string[];
}

const ADAPTERS: readonly Adapter[] = [
  {
    folder: "storage-memory",
    prefix: "Memory",
    upper: "MEMORY",
    traits: [],
    ownExports: ["MemoryDatabase", "MemoryConversation", "MemoryRun", "MemorySession", "MemoryUsageRow"],
    deprecated: ["MemoryStorage const", "MemoryStorageConstructor interface"],
  },
  {
    folder: "storage-sqlite",
    prefix: "Sqlite",
    upper: "SQLITE",
    traits: ["persistent", "sql"],
    ownExports: ["DEFAULT_BUSY_TIMEOUT_MS"],
    deprecated: ["SqliteMigration type"],
  },
  {
    folder: "storage-postgres",
    prefix: "Postgres",
    upper: "POSTGRES",
    traits: ["persistent", "sql"],
    ownExports: ["Connectable", "MigrateOptions"],
    // PostgreSQL's `migrate` and `schemaStatus` take the schema to work on (`MigrateOptions`) as a second argument.
    ownParameters: { migrate: ["options"], schemaStatus: ["options"] },
    deprecated: ["LATEST_VERSION const", "PostgresStorage const", "PostgresStorageConstructor interface"],
  },
  {
    folder: "storage-redis",
    prefix: "Redis",
    upper: "REDIS",
    traits: ["persistent"],
    ownExports: ["CLIENT_OPTIONS", "DEFAULT_COMMAND_TIMEOUT_MS", "DEFAULT_CONNECT_TIMEOUT_MS", "DEFAULT_REDIS_URL", "DEFAULT_KEY_PREFIX"],
    deprecated: [],
  },
];

/** The shape every adapter has, with `{P}` / `{U}` for its prefixes. */
const COMMON_SHAPE: Readonly<Record<string, string>> = {
  "create{P}Storage": "function(options)",
  "{P}Storage": "type",
  "{P}StorageOptions": "type",
  "{U}_STORAGE_OPTION_RULES": "const",
};

/** What an adapter that keeps data beyond the process adds: the version of its layout. */
const PERSISTENT_SHAPE: Readonly<Record<string, string>> = {
  SCHEMA_VERSION: "const",
};

/** What a SQL adapter adds: its migrations and how a database stands against them. */
const SQL_SHAPE: Readonly<Record<string, string>> = {
  MIGRATIONS: "const",
  Migration: "type",
  AppliedMigration: "type",
  SchemaStatus: "type",
  migrate: "function(db)",
  schemaStatus: "function(db)",
};

/** The shape an adapter with these traits must export. */
export function expectedShape(traits: readonly Trait[]): Map<string, string> {
  return new Map(Object.entries({ ...COMMON_SHAPE, ...(traits.includes("persistent") ? PERSISTENT_SHAPE : {}), ...(traits.includes("sql") ? SQL_SHAPE : {}) }));
}

/** The exported name with the adapter's prefixes replaced by `{P}` / `{U}`. */
export function normalized(name: string, adapter: Pick<Adapter, "prefix" | "upper">): string {
  return name.replaceAll(adapter.upper, "{U}").replaceAll(adapter.prefix, "{P}");
}

/**
 * An export's kind as the shape compares it: an interface and a type alias are both a
 * `type` (an options type that is a union cannot be an interface); a function's
 * parameter names are part of it, but a trailing parameter an adapter lists as its own
 * (`ownParameters`) is not.
 */
function kindOf(entry: DeclaredExport, ownParameters: readonly string[] = []): string {
  const kind = entry.kind === "interface" ? "type" : entry.kind;
  if (!entry.parameters) return kind;
  const shared = entry.parameters.filter(
    (parameter, index) => !(index >= entry.parameters!.length - ownParameters.length && ownParameters.includes(parameter)),
  );
  return `${kind}(${shared.join(", ")})`;
}

/** An adapter's current (not deprecated, not its own) exports: `normalized name` → kind. */
export function sharedShape(
  adapter: Pick<Adapter, "prefix" | "upper" | "ownExports" | "ownParameters">,
  exports: readonly DeclaredExport[],
): Map<string, string> {
  const shape = new Map<string, string>();
  for (const entry of exports) {
    if (entry.deprecated || adapter.ownExports.includes(entry.name)) continue;
    const key = normalized(entry.name, adapter);
    const kind = kindOf(entry, adapter.ownParameters?.[entry.name]);
    shape.set(key, shape.has(key) ? [shape.get(key), kind].sort().join(" & ") : kind);
  }
  return shape;
}

/** The lines on which an adapter's shape differs from the expected one (empty when they agree). */
export function shapeDifferences(expected: ReadonlyMap<string, string>, actual: ReadonlyMap<string, string>): string[] {
  const names = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  return names
    .filter((name) => expected.get(name) !== actual.get(name))
    .map((name) => `${name}: expected ${expected.get(name) ?? "nothing"}, found ${actual.get(name) ?? "nothing"}`);
}

let declared: Map<string, DeclaredExport[]>;
beforeAll(() => {
  declared = declaredExports(ADAPTERS.map((adapter) => join(packagesDir, adapter.folder)));
}, 60_000);

const exportsOf = (adapter: Adapter): DeclaredExport[] => declared.get(join(packagesDir, adapter.folder))!;
const loadEntry = async (adapter: Adapter): Promise<Record<string, unknown>> =>
  (await import(pathToFileURL(join(packagesDir, adapter.folder, "dist", "index.js")).href)) as Record<string, unknown>;

describe("storage adapters: one exported shape", () => {
  it("every adapter exports exactly the shape of its kind (common, + schema version, + migrations), besides its own listed exports", () => {
    for (const adapter of ADAPTERS) {
      const differences = shapeDifferences(expectedShape(adapter.traits), sharedShape(adapter, exportsOf(adapter)));
      expect({ adapter: adapter.folder, differences }).toEqual({ adapter: adapter.folder, differences: [] });
    }
  });

  it("the shared names have the same kinds in every adapter that has them", () => {
    const shapes = ADAPTERS.map((adapter) => [adapter.folder, sharedShape(adapter, exportsOf(adapter))] as const);
    const names = new Set(shapes.flatMap(([, shape]) => [...shape.keys()]));
    for (const name of names) {
      const kinds = new Set(shapes.filter(([, shape]) => shape.has(name)).map(([, shape]) => shape.get(name)));
      expect({ name, kinds: [...kinds] }).toEqual({ name, kinds: [[...kinds][0]] });
    }
  });

  it("the deprecated aliases are exactly the listed ones (dropping one is a deliberate change)", () => {
    const deprecated = ADAPTERS.map((adapter) => [adapter.folder, deprecatedExportsOf(exportsOf(adapter))]);
    expect(deprecated).toEqual(ADAPTERS.map((adapter) => [adapter.folder, [...adapter.deprecated].sort()]));
  });

  it("the built JavaScript exports exactly the values the declarations name", async () => {
    for (const adapter of ADAPTERS) {
      const module = await loadEntry(adapter);
      expect([adapter.folder, Object.keys(module).sort()]).toEqual([adapter.folder, valueNamesOf(exportsOf(adapter))]);
      expect([adapter.folder, typeof module[`create${adapter.prefix}Storage`]]).toEqual([adapter.folder, "function"]);
    }
  });

  it("the storages the in-process adapters create have the same members: the Storage operations, the one-call checkpoint with journal, close, and their own handles", async () => {
    const memory = await loadEntry(ADAPTERS[0]!);
    const sqlite = await loadEntry(ADAPTERS[1]!);
    const storages = {
      memory: (memory.createMemoryStorage as (options?: object) => Record<string, unknown>)(),
      sqlite: (sqlite.createSqliteStorage as (options: object) => Record<string, unknown>)({ path: ":memory:" }),
    };
    const operations = [...STORAGE_OPERATION_NAMES, "saveCheckpointWithJournal", "close"].sort();
    for (const [name, storage] of Object.entries(storages)) {
      const methods = Object.keys(storage).filter((key) => typeof storage[key] === "function");
      expect({ name, methods: methods.sort(), handles: Object.keys(storage).filter((key) => !methods.includes(key)) }).toEqual({
        name,
        methods: operations,
        handles: ["database"],
      });
      await (storage.close as () => Promise<void>)();
    }
  });
});

describe("the shape comparison itself", () => {
  const alpha = { prefix: "Alpha", upper: "ALPHA", ownExports: ["alphaOnly"] };
  const fn = (name: string, parameters: string[], deprecated = false): DeclaredExport => ({ name, kind: "function", deprecated, parameters });

  it("normalizes both prefixes", () => {
    expect(normalized("ALPHA_STORAGE_OPTION_RULES", alpha)).toBe("{U}_STORAGE_OPTION_RULES");
    expect(normalized("createAlphaStorage", alpha)).toBe("create{P}Storage");
  });

  it("catches a missing name, an extra name, another kind or another parameter list, and ignores own and deprecated exports", () => {
    const actual = sharedShape(alpha, [
      fn("createAlphaStorage", ["config"]),
      { name: "AlphaStorage", kind: "class", deprecated: false },
      { name: "AlphaStorageOptions", kind: "type", deprecated: false },
      { name: "LATEST_VERSION", kind: "const", deprecated: false },
      fn("alphaOnly", []),
      fn("old", [], true),
    ]);
    expect(shapeDifferences(expectedShape(["persistent"]), actual)).toEqual([
      "LATEST_VERSION: expected nothing, found const",
      "SCHEMA_VERSION: expected const, found nothing",
      "create{P}Storage: expected function(options), found function(config)",
      "{P}Storage: expected type, found class",
      "{U}_STORAGE_OPTION_RULES: expected const, found nothing",
    ]);
  });

  it("leaves out a trailing parameter the adapter lists as its own, and no other", () => {
    const own = { ...alpha, ownParameters: { migrate: ["options"] } };
    expect(sharedShape(own, [fn("migrate", ["db", "options"])]).get("migrate")).toBe("function(db)");
    expect(sharedShape(own, [fn("migrate", ["options", "db"])]).get("migrate")).toBe("function(options, db)");
    expect(sharedShape(own, [fn("createAlphaStorage", ["options"])]).get("create{P}Storage")).toBe("function(options)");
    expect(sharedShape(alpha, [fn("migrate", ["db", "options"])]).get("migrate")).toBe("function(db, options)");
  });
});
