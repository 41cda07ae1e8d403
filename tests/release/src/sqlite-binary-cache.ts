import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPOSITORY_ROOT } from "./repository.js";
import { runCommand } from "./run-command.js";

/**
 * Where the better-sqlite3 addon a fresh project compiled is kept between runs of the
 * suite, as a prebuilt-binary archive (inside this package's `node_modules`: ignored by
 * git, gone with a clean install).
 */
export const SQLITE_BINARY_CACHE = join(REPOSITORY_ROOT, "tests", "release", "node_modules", ".cache", "better-sqlite3-prebuilds");

/**
 * The environment under which better-sqlite3's install script (`prebuild-install`)
 * takes a binary from {@link SQLITE_BINARY_CACHE} instead of downloading one: a
 * binary of the same version, Node ABI, platform and architecture, compiled by an
 * earlier run on this machine. Without one it compiles, as on a clean checkout.
 */
export function sqliteBinaryCacheEnvironment(): Record<string, string> {
  return { npm_config_better_sqlite3_local_prebuilds: SQLITE_BINARY_CACHE };
}

/**
 * Archives the better-sqlite3 addon the repository's own install compiled (for
 * `@baton/storage-sqlite`) into the cache: a fresh project that gets the same version
 * takes it instead of compiling its own (about 75 s here). A fresh project that gets
 * a newer version (the registry moved past the lockfile's) compiles, and the first
 * to do so leaves its addon for the others ({@link keepSqliteBinary}).
 */
export function keepRepositorySqliteBinary(): Promise<void> {
  return keepSqliteBinary(join(REPOSITORY_ROOT, "packages", "storage-sqlite"));
}

/** Archives the better-sqlite3 addon installed in `projectDir` into the cache, under the name `prebuild-install` looks for. */
export async function keepSqliteBinary(projectDir: string): Promise<void> {
  const packageDir = join(projectDir, "node_modules", "better-sqlite3");
  const addon = join(packageDir, "build", "Release", "better_sqlite3.node");
  if (!existsSync(addon)) return;
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string };
  // prebuild-install's name: {name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}.tar.gz
  const archive = join(SQLITE_BINARY_CACHE, `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`);
  if (existsSync(archive)) return;
  mkdirSync(SQLITE_BINARY_CACHE, { recursive: true });
  await runCommand("tar", ["-czf", archive, "-C", packageDir, "build/Release/better_sqlite3.node"], { cwd: packageDir });
}
