import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Publishing metadata: every published package (packages/*, not `"private": true`) carries
 * the MIT license with a LICENSE file it ships, a repository pointing at its own folder,
 * a homepage, a bugs URL, keywords, ships its CHANGELOG, and declares optional peers only
 * for peers it actually has.
 */
const packagesDir = fileURLToPath(new URL("../../", import.meta.url));

interface Manifest {
  name: string;
  private?: boolean;
  license?: string;
  keywords?: string[];
  repository?: { type?: string; url?: string; directory?: string } | string;
  homepage?: string;
  bugs?: { url?: string } | string;
  files?: string[];
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

interface Published {
  folder: string;
  manifest: Manifest;
}

function published(): Published[] {
  return readdirSync(packagesDir)
    .filter((folder) => existsSync(join(packagesDir, folder, "package.json")))
    .map((folder) => ({ folder, manifest: JSON.parse(readFileSync(join(packagesDir, folder, "package.json"), "utf8")) as Manifest }))
    .filter(({ manifest }) => manifest.private !== true);
}

/** The metadata problems of one package, as readable lines. */
export function metadataProblems({ folder, manifest }: Published, hasLicenseFile: boolean): string[] {
  const found: string[] = [];
  const at = `${manifest.name} (packages/${folder})`;
  if (manifest.license !== "MIT") found.push(`${at}: license is ${String(manifest.license)}, expected MIT`);
  if (!hasLicenseFile) found.push(`${at}: no LICENSE file`);
  const repository = typeof manifest.repository === "object" ? manifest.repository : undefined;
  if (!repository?.url) found.push(`${at}: repository.url missing`);
  if (repository?.directory !== `packages/${folder}`)
    found.push(`${at}: repository.directory is ${String(repository?.directory)}, expected packages/${folder}`);
  if (!manifest.homepage || !/^https:\/\//.test(manifest.homepage)) found.push(`${at}: homepage missing`);
  const bugsUrl = typeof manifest.bugs === "string" ? manifest.bugs : manifest.bugs?.url;
  if (!bugsUrl) found.push(`${at}: bugs missing`);
  if (!Array.isArray(manifest.keywords) || manifest.keywords.length === 0) found.push(`${at}: keywords missing`);
  // The source maps and declaration maps in dist point into src: ship it (without the tests).
  for (const file of ["LICENSE", "CHANGELOG.md", "src", "!src/**/*.test.ts"]) {
    if (!manifest.files?.includes(file)) found.push(`${at}: files does not list ${file}`);
  }
  for (const [peer, meta] of Object.entries(manifest.peerDependenciesMeta ?? {})) {
    if (meta.optional === true && !(peer in (manifest.peerDependencies ?? {}))) found.push(`${at}: optional peer ${peer} is not in peerDependencies`);
  }
  return found;
}

describe("package metadata for publishing", () => {
  const packages = published();

  it("finds the published packages", () => {
    expect(packages.map((p) => p.manifest.name)).toEqual(expect.arrayContaining(["@baton/core", "@baton/loop", "@baton/tools", "@baton/testing"]));
  });

  it("the repository has an MIT LICENSE at its root", () => {
    const root = join(packagesDir, "..", "LICENSE");
    expect(existsSync(root)).toBe(true);
    expect(readFileSync(root, "utf8")).toMatch(/^MIT License/);
  });

  it("every published package has license, LICENSE file, repository, homepage, bugs, keywords and ships LICENSE and CHANGELOG.md", () => {
    const problems = packages.flatMap((p) => metadataProblems(p, existsSync(join(packagesDir, p.folder, "LICENSE"))));
    expect(problems).toEqual([]);
  });

  it("every package's repository, homepage and bugs point at the same repository", () => {
    const urls = new Set(packages.map(({ manifest }) => (typeof manifest.repository === "object" ? manifest.repository.url : manifest.repository)));
    expect(urls.size).toBe(1);
    const base = [...urls][0]!.replace(/^git\+/, "").replace(/\.git$/, "");
    for (const { folder, manifest } of packages) {
      expect(manifest.homepage).toBe(`${base}/tree/main/packages/${folder}#readme`);
      expect(typeof manifest.bugs === "string" ? manifest.bugs : manifest.bugs?.url).toBe(`${base}/issues`);
    }
  });

  it("the check catches problems (so the tests above can fail)", () => {
    const bad: Published = {
      folder: "tools",
      manifest: {
        name: "@baton/tools",
        license: "ISC",
        repository: { type: "git", url: "git+https://example.com/x.git", directory: "packages/other" },
        files: ["dist"],
        peerDependenciesMeta: { zod: { optional: true } },
      },
    };
    expect(metadataProblems(bad, false)).toEqual([
      "@baton/tools (packages/tools): license is ISC, expected MIT",
      "@baton/tools (packages/tools): no LICENSE file",
      "@baton/tools (packages/tools): repository.directory is packages/other, expected packages/tools",
      "@baton/tools (packages/tools): homepage missing",
      "@baton/tools (packages/tools): bugs missing",
      "@baton/tools (packages/tools): keywords missing",
      "@baton/tools (packages/tools): files does not list LICENSE",
      "@baton/tools (packages/tools): files does not list CHANGELOG.md",
      "@baton/tools (packages/tools): files does not list src",
      "@baton/tools (packages/tools): files does not list !src/**/*.test.ts",
      "@baton/tools (packages/tools): optional peer zod is not in peerDependencies",
    ]);
  });
});
