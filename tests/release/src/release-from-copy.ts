import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { firstReleaseSummaries } from "./changesets.js";
import { cleanEnvironment, pathWith, pathWithout, pinnedPnpmBinFolder } from "./command-environment.js";
import { copyWorkingTree } from "./repository.js";
import { CommandFailedError, runCommand, type CommandOutput } from "./run-command.js";

/** A copy of the repository that was versioned and published. */
export interface ReleasedCopy {
  /** The copy's root folder. */
  readonly dir: string;
  /** For each package with a first-release changeset, the first line of its description. */
  readonly firstReleaseSummaries: ReadonlyMap<string, string>;
  /** What `npm run publish-packages` (`changeset publish`) printed. */
  readonly publishOutput: CommandOutput;
  /** Removes the copy. */
  remove(): void;
}

/**
 * What `npm run version-packages` and `npm run release` do, in a temporary copy of
 * the working tree, publishing to `registryUrl`:
 *
 * 1. the copy gets its own `node_modules` with `pnpm install --offline --frozen-lockfile`
 *    (from the store the repository's install filled, without install scripts: nothing
 *    is compiled or run, `pnpm publish` only reads each package's dependencies' versions);
 * 2. `npm run version-packages` (`changeset version`) applies the pending changesets;
 * 3. `npm run publish-packages -- --no-git-tag` (the publishing half of `npm run
 *    release`: `changeset publish` under the pinned pnpm) publishes every package that
 *    is not private, through `pnpm publish` (which turns `workspace:^` into the
 *    released versions), to the registry given by `npm_config_registry` with a dummy
 *    token in `.npmrc`.
 *
 * Steps 2 and 3 run with no `pnpm` on `PATH`, as on a machine with only Node and npm:
 * the scripts must find the pinned pnpm themselves. The release script's
 * `turbo run build` is not run again: the copy holds the `dist/` folders the suite's
 * build produced from these sources, and `changeset version` only changes versions and
 * changelogs, which no build output embeds.
 */
export async function releaseFromCopy(registryUrl: string): Promise<ReleasedCopy> {
  const dir = mkdtempSync(join(tmpdir(), "baton-release-"));
  const pnpmFolder = pinnedPnpmBinFolder();
  const remove = () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(pnpmFolder, { recursive: true, force: true });
  };
  try {
    copyWorkingTree(dir);
    const summaries = firstReleaseSummaries(dir);
    const env = cleanEnvironment({ PATH: pathWith(pnpmFolder) });
    const install = ["install", "--frozen-lockfile", "--ignore-scripts", "--reporter=append-only"];
    await runCommand("pnpm", [...install, "--offline"], { cwd: dir, env }).catch(async (error: unknown) => {
      // A store that lacks a package (pruned since the repository's install): fetch it.
      if (!(error instanceof CommandFailedError)) throw error;
      await runCommand("pnpm", [...install, "--prefer-offline"], { cwd: dir, env });
    });
    const withoutPnpm = cleanEnvironment({ PATH: pathWithout("pnpm") });
    await runCommand("npm", ["run", "version-packages"], { cwd: dir, env: withoutPnpm });
    const host = new URL(registryUrl).host;
    appendFileSync(join(dir, ".npmrc"), `\n//${host}/:_authToken=dummy-token-for-the-local-registry\n`);
    const publishOutput = await runCommand("npm", ["run", "publish-packages", "--", "--no-git-tag"], {
      cwd: dir,
      env: { ...withoutPnpm, npm_config_registry: registryUrl },
    });
    return { dir, firstReleaseSummaries: summaries, publishOutput, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
