import { createFreshProject, type FreshProject } from "./fresh-project.js";
import { sqliteBinaryCacheEnvironment } from "./sqlite-binary-cache.js";

/** One package README's install line: the packages its `npm i` names. */
export interface ReadmeInstallLine {
  /** The package whose README it is. */
  readonly name: string;
  readonly packages: readonly string[];
}

/** The fresh projects the README examples run in. */
export interface ReadmeProjects {
  /** By package name: the project its README's install line made, or why that install failed (the package's test fails with it). */
  readonly byPackage: ReadonlyMap<string, FreshProject | Error>;
  /** A project with `tsx` installed: what the READMEs' `npx tsx` runs. */
  readonly tsx: FreshProject;
  /** Removes every project. */
  remove(): void;
}

/**
 * Installs `tsx` in a fresh project, then each README's install line in a fresh
 * project of its own, `concurrency` installs at a time, all from `registryUrl`. Made
 * as soon as the release is published, so that the installs run beside the suite's
 * other checks (most of an install waits on the registry and the disk).
 * @throws when `tsx` cannot be installed (nothing is left behind).
 */
export async function installReadmeProjects(registryUrl: string, lines: readonly ReadmeInstallLine[], concurrency: number): Promise<ReadmeProjects> {
  const byPackage = new Map<string, FreshProject | Error>();
  const tsx = await createFreshProject(registryUrl);
  try {
    await tsx.npm("install", "tsx@4");
  } catch (error) {
    tsx.remove();
    throw error;
  }
  const queue = [...lines];
  const installNext = async (): Promise<void> => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      let project: FreshProject | undefined;
      try {
        project = await createFreshProject(registryUrl, sqliteBinaryCacheEnvironment());
        await project.npm("install", ...next.packages);
        byPackage.set(next.name, project);
      } catch (error) {
        project?.remove();
        byPackage.set(next.name, error instanceof Error ? error : new Error(String(error)));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, installNext));
  return {
    byPackage,
    tsx,
    remove() {
      for (const project of byPackage.values()) if (!(project instanceof Error)) project.remove();
      tsx.remove();
    },
  };
}
