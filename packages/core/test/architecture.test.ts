import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The architecture rule: every package depends only on the contracts in `@baton/core`.
 * Only the umbrella `@baton/sdk` (which wires layers together) and `@baton/testing` (test
 * doubles) may depend on other `@baton/*` packages. The rule is about what a user
 * installs: a package's own tests may use other workspace packages as devDependencies
 * (integration tests run the real loop), but never the umbrella `@baton/sdk`.
 */
const packagesDir = fileURLToPath(new URL("../../", import.meta.url));
const UMBRELLA = "@baton/sdk";
/** `@baton/cli` is an application (the `baton` command): like the umbrella, it wires the layers together. */
const MAY_DEPEND_ON_ANY = new Set([UMBRELLA, "@baton/testing", "@baton/cli"]);
const RUNTIME_FIELDS = ["dependencies", "peerDependencies", "optionalDependencies"] as const;

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function manifests(): Manifest[] {
  return readdirSync(packagesDir)
    .map((folder) => join(packagesDir, folder, "package.json"))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, "utf8")) as Manifest);
}

/** The rule violations of one manifest, as readable lines. */
export function violations(manifest: Manifest): string[] {
  if (MAY_DEPEND_ON_ANY.has(manifest.name)) return [];
  const found: string[] = [];
  for (const field of RUNTIME_FIELDS) {
    for (const dependency of Object.keys(manifest[field] ?? {})) {
      if (dependency.startsWith("@baton/") && dependency !== "@baton/core") found.push(`${manifest.name} → ${dependency} (${field})`);
    }
  }
  for (const dependency of Object.keys(manifest.devDependencies ?? {})) {
    if (dependency === UMBRELLA) {
      found.push(`${manifest.name} → ${dependency} (devDependencies)`);
    }
  }
  return found;
}

describe("architecture: packages depend only on @baton/core", () => {
  it("finds the packages of the workspace", () => {
    const names = manifests().map((m) => m.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "@baton/core",
        "@baton/loop",
        "@baton/tools",
        "@baton/testing",
        "@baton/storage-memory",
        "@baton/storage-sqlite",
        "@baton/storage-postgres",
        "@baton/storage-redis",
      ]),
    );
  });

  it("no package other than @baton/sdk and @baton/testing depends on a @baton package other than core", () => {
    expect(manifests().flatMap(violations)).toEqual([]);
  });

  it("@baton/core has no runtime dependencies at all", () => {
    const core = manifests().find((m) => m.name === "@baton/core")!;
    expect(Object.keys(core.dependencies ?? {})).toEqual([]);
    expect(Object.keys(core.peerDependencies ?? {})).toEqual([]);
  });

  it("the rule catches a violation (so the test above can fail)", () => {
    expect(violations({ name: "@baton/loop", dependencies: { "@baton/core": "1", "@baton/tools": "1" } })).toEqual([
      "@baton/loop → @baton/tools (dependencies)",
    ]);
    expect(violations({ name: "@baton/openai", peerDependencies: { [UMBRELLA]: "1" } })).toEqual(["@baton/openai → @baton/sdk (peerDependencies)"]);
    expect(violations({ name: "@baton/agents", devDependencies: { [UMBRELLA]: "1" } })).toEqual(["@baton/agents → @baton/sdk (devDependencies)"]);
    expect(violations({ name: "@baton/events", devDependencies: { "@baton/loop": "1", "@baton/testing": "1" } })).toEqual([]);
    expect(violations({ name: UMBRELLA, dependencies: { "@baton/loop": "1" } })).toEqual([]);
  });
});
