import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanEnvironment } from "./command-environment.js";
import { runCommand, type CommandOutput } from "./run-command.js";

/** A new npm project in a temporary folder outside the repository, installing from one registry. */
export interface FreshProject {
  readonly dir: string;
  /** Runs `npm <args>` in the project. */
  npm(...args: string[]): Promise<CommandOutput>;
  /** Runs `node <args>` in the project, with extra environment variables. */
  node(args: readonly string[], env?: Record<string, string>): Promise<CommandOutput>;
  /** The project's package.json. */
  manifest(): { type?: string; dependencies?: Record<string, string> };
  /** Removes the folder. */
  remove(): void;
}

/**
 * `npm init -y` in a new temporary folder, with an `.npmrc` that makes `registryUrl`
 * the project's registry (so `@baton/*` can only come from there); `npm` and `node`
 * run with `extraEnv` added to a clean environment.
 */
export async function createFreshProject(registryUrl: string, extraEnv: Record<string, string> = {}): Promise<FreshProject> {
  const dir = mkdtempSync(join(tmpdir(), "baton-user-project-"));
  const env = cleanEnvironment(extraEnv);
  const project: FreshProject = {
    dir,
    npm: (...args) => runCommand("npm", [...args], { cwd: dir, env }),
    node: (args, extra = {}) => runCommand(process.execPath, args, { cwd: dir, env: { ...env, ...extra } }),
    manifest: () => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as ReturnType<FreshProject["manifest"]>,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  try {
    writeFileSync(join(dir, ".npmrc"), `registry=${registryUrl}\nfund=false\naudit=false\nupdate-notifier=false\n`);
    await project.npm("init", "-y");
  } catch (error) {
    project.remove();
    throw error;
  }
  return project;
}
