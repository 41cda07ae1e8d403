import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importOptional, missingPackageOf, REDIS_PART } from "../src/optional/optional-import.js";
import { textTurn } from "./support/chat-turns.js";
import { FIXTURES, PACKAGE_DIR, cliEnv, freshDir, runCli } from "./support/cli-process.js";
import { useProviderServer } from "./support/provider-server.js";

/** What the command does not install by itself: the other providers' adapters and SDKs, the other storages. */
const OPTIONAL = ["@baton/anthropic", "@anthropic-ai/sdk", "@baton/google", "@google/genai", "@baton/storage-postgres", "pg", "@baton/storage-redis"];

/** The command's environment with `hidden` packages made unresolvable, as when they are not installed. */
function withoutPackages(env: NodeJS.ProcessEnv, hidden: readonly string[]): NodeJS.ProcessEnv {
  const hook = join(PACKAGE_DIR, "test", "support", "hide-packages.mjs");
  return { ...env, NODE_OPTIONS: `--import ${hook}`, BATON_TEST_HIDDEN_PACKAGES: hidden.join(",") };
}

const server = useProviderServer();

describe("the packages @baton/cli installs", () => {
  it("leave the other providers and storages to optional peer dependencies, and take openai as a peer (6 or 7)", () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    for (const name of OPTIONAL) {
      expect(manifest.dependencies[name], name).toBeUndefined();
      expect(manifest.peerDependenciesMeta[name]?.optional, name).toBe(true);
    }
    expect(manifest.dependencies.openai).toBeUndefined();
    expect(manifest.peerDependencies.openai).toBe("^6.0.0 || ^7.0.0");
    expect(manifest.peerDependenciesMeta.openai).toBeUndefined();
  });

  it("run an OpenAI template to its end with none of the optional packages installed", async () => {
    server().enqueue(textTurn("Hello there.", { input: 10, output: 3 }));
    const outcome = await runCli(["run", join(FIXTURES, "hello.json"), "Say hello"], { cwd: freshDir(), env: withoutPackages(cliEnv(server().url), OPTIONAL) });
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain("Hello there.");
  });

  it("name what to install when a template needs a provider that is not installed, before anything is stored", async () => {
    const cwd = freshDir();
    const outcome = await runCli(["run", join(FIXTURES, "hello.json"), "Say hello", "--provider", "anthropic"], {
      cwd,
      env: withoutPackages(cliEnv(undefined, { ANTHROPIC_API_KEY: "sk-ant-test" }), ["@anthropic-ai/sdk"]),
    });
    expect(outcome).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "error: INVALID_CONFIGURATION: The anthropic provider needs @baton/anthropic @anthropic-ai/sdk, which @baton/cli does not install by itself " +
        "(@anthropic-ai/sdk is missing): install it beside the command (npm i -g @baton/cli @baton/anthropic @anthropic-ai/sdk, " +
        "or npm i @baton/anthropic @anthropic-ai/sdk in the project that has @baton/cli), " +
        "or run it once with npx -p @baton/cli -p @baton/anthropic -p @anthropic-ai/sdk baton ….\n",
    });
    const runs = await runCli(["runs"], { cwd, env: cliEnv(undefined) });
    expect(runs.stdout).not.toContain("hello");
  });

  it("name what to install for google's provider, PostgreSQL's migrate and Redis storage when they are not installed", async () => {
    const google = await runCli(["run", join(FIXTURES, "hello.json"), "Say hello", "--provider", "google"], {
      cwd: freshDir(),
      env: withoutPackages(cliEnv(undefined, { GEMINI_API_KEY: "test" }), ["@baton/google"]),
    });
    expect(google.code).toBe(1);
    expect(google.stderr).toMatch(/^error: INVALID_CONFIGURATION: The google provider needs @baton\/google @google\/genai, .*\(@baton\/google is missing\)/);
    const migrate = await runCli(["migrate", "--storage", "postgres://postgres@127.0.0.1:1/test"], {
      cwd: freshDir(),
      env: withoutPackages(cliEnv(undefined), ["pg"]),
    });
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toMatch(/^error: INVALID_CONFIGURATION: PostgreSQL storage needs @baton\/storage-postgres pg, .*\(pg is missing\)/);
    const runs = await runCli(["runs", "--storage", "redis://127.0.0.1:1"], {
      cwd: freshDir(),
      env: withoutPackages(cliEnv(undefined), ["@baton/storage-redis"]),
    });
    expect(runs.code).toBe(1);
    expect(runs.stderr).toMatch(
      /^error: INVALID_CONFIGURATION: Redis storage needs @baton\/storage-redis, .*npx -p @baton\/cli -p @baton\/storage-redis baton …\.\n$/,
    );
  });
});

describe("importOptional", () => {
  it("throws any other failure as it is, a missing package of another part included", async () => {
    const other = Object.assign(new Error("Cannot find package 'left-pad' imported from x"), { code: "ERR_MODULE_NOT_FOUND" });
    expect(missingPackageOf(other)).toBe("left-pad");
    await expect(importOptional(() => Promise.reject(other), REDIS_PART)).rejects.toBe(other);
    const broken = new SyntaxError("Unexpected token");
    expect(missingPackageOf(broken)).toBeUndefined();
    await expect(importOptional(() => Promise.reject(broken), REDIS_PART)).rejects.toBe(broken);
    await expect(importOptional(() => Promise.resolve({ ok: true }), REDIS_PART)).resolves.toEqual({ ok: true });
  });
});
