import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The monorepo's root folder. */
export const REPOSITORY_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** A package of `packages/` that a release publishes. */
export interface PublishedPackage {
  /** Its folder under `packages/`. */
  readonly folder: string;
  readonly name: string;
}

/** The packages of `packages/` (in `root`) that are not private, by folder name. */
export function publishedPackages(root: string = REPOSITORY_ROOT): PublishedPackage[] {
  return readdirSync(join(root, "packages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, "packages", entry.name, "package.json")))
    .map((entry) => ({ folder: entry.name, manifest: readManifest(join(root, "packages", entry.name)) }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ folder, manifest }) => ({ folder, name: manifest.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A package.json, with the fields the suite reads. */
export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly packageManager?: string;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** Reads `<folder>/package.json`. */
export function readManifest(folder: string): PackageManifest {
  return JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as PackageManifest;
}

/**
 * Copies the working tree as git sees it (tracked files and new files that are not
 * ignored, without deleted ones) to `destination`, plus each package's `dist/`: the
 * build output of these very sources, which the suite's build step produced.
 */
export function copyWorkingTree(destination: string): void {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: REPOSITORY_ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of listed.split("\0")) {
    if (file === "" || !existsSync(join(REPOSITORY_ROOT, file))) continue;
    mkdirSync(dirname(join(destination, file)), { recursive: true });
    cpSync(join(REPOSITORY_ROOT, file), join(destination, file), { dereference: false });
  }
  for (const entry of readdirSync(join(REPOSITORY_ROOT, "packages"))) {
    const dist = join(REPOSITORY_ROOT, "packages", entry, "dist");
    if (existsSync(dist)) cpSync(dist, join(destination, "packages", entry, "dist"), { recursive: true });
  }
}
