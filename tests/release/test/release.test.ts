import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  loadProviderFixture,
  privateRedisUnavailableReason,
  startPrivateRedis,
  startProviderServer,
  type PrivateRedis,
  type ProviderServer,
} from "@baton/testing";
import { build } from "esbuild";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkTarballTypes, type TypesProblem } from "../src/attw.js";
import { readChangelog } from "../src/changesets.js";
import { createFreshProject, type FreshProject } from "../src/fresh-project.js";
import { startLocalRegistry, type LocalRegistry } from "../src/local-registry.js";
import { keepRepositorySqliteBinary, keepSqliteBinary, sqliteBinaryCacheEnvironment } from "../src/sqlite-binary-cache.js";
import { downloadTarball, fetchPackument, type DownloadedTarball, type PublishedManifest } from "../src/published-tarball.js";
import { readmeCodeBlocks } from "../src/readme-code-blocks.js";
import { installReadmeProjects, type ReadmeProjects } from "../src/readme-projects.js";
import { type ExampleRunSetup, runReadmeExample } from "../src/readme-example-run.js";
import { firstRunnableExample, importedPackages, readmeInstall } from "../src/readme-install.js";
import { releaseFromCopy, type ReleasedCopy } from "../src/release-from-copy.js";
import { startPhaseLog } from "../src/phase-log.js";
import { publishedPackages, REPOSITORY_ROOT } from "../src/repository.js";
import { type CommandFailedError, runCommand } from "../src/run-command.js";
import { typecheck, USER_COMPILER_OPTIONS, type Diagnostic } from "../src/typescript-check.js";
import { enqueueWeatherRun, openAIEnvironment, REPLAYED_ANSWER } from "../src/weather-replay.js";

const FIRST_VERSION = "0.1.0";
const FIXTURES = join(REPOSITORY_ROOT, "tests", "release", "fixtures");
const PACKAGES = publishedPackages();
/** Each package README's install line and first runnable example. */
const README_EXAMPLES = PACKAGES.map(({ name, folder }) => {
  const markdown = readFileSync(join(REPOSITORY_ROOT, "packages", folder, "README.md"), "utf8");
  return { name, install: readmeInstall(markdown), example: firstRunnableExample(markdown)! };
});

/** The root README's "Package by package" quickstart: the `npm i` line and the program. */
function packageByPackageQuickstart(): { install: string[]; program: string } {
  const readme = readFileSync(join(REPOSITORY_ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("### Package by package"));
  const install = /```sh\nnpm i (.*)\n```/.exec(section)?.[1]?.split(" ");
  const program = readmeCodeBlocks(section)[0]?.code;
  if (!install || !program) throw new Error('README.md has no "Package by package" section with an `npm i` line and a ts block');
  return { install, program };
}

/** The two lines the quickstart's agent prints after a replayed run. */
const EXPECTED_OUTPUT = `${REPLAYED_ANSWER}\n2 model calls, 1 tool calls, persisted: true`;

let registry: LocalRegistry | undefined;
let released: ReleasedCopy | undefined;
let project: FreshProject | undefined;
let provider: ProviderServer | undefined;
/** The README examples' projects, installing beside the checks that come before theirs. */
let readmeProjects: Promise<ReadmeProjects> | undefined;
/** When each step ended (printed with the suite's output). */
const phase = startPhaseLog();
const scratch = mkdtempSync(join(tmpdir(), "baton-release-tarballs-"));

beforeAll(async () => {
  registry = await startLocalRegistry();
  released = await releaseFromCopy(registry.url);
  phase("published");
  // The better-sqlite3 addon the repository's install compiled serves the fresh projects when it is the version they get.
  await keepRepositorySqliteBinary();
  // Installs of the README examples' projects start now, two at a time, and run beside the describes before theirs.
  readmeProjects = installReadmeProjects(
    registry.url,
    README_EXAMPLES.flatMap(({ name, install }) => (install ? [{ name, packages: install.packages }] : [])),
    2,
  );
  // Awaited by their describe (which reports a failure); an earlier failure of the suite must not make it unhandled.
  readmeProjects.then(() => phase("README projects installed")).catch(() => {});
}, 900_000);

afterAll(async () => {
  phase("every check done");
  // Installs still running (a describe before theirs failed) end first: they use the registry.
  (await readmeProjects?.catch(() => undefined))?.remove();
  await provider?.close();
  project?.remove();
  released?.remove();
  await registry?.stop();
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

describe("changeset version and changeset publish, from a copy of the repository", () => {
  it("publish every package that is not private, at the first version, and no other @baton package", async () => {
    expect(PACKAGES.length).toBeGreaterThan(10);
    for (const { name } of PACKAGES) {
      const packument = await fetchPackument(registry!.url, name);
      expect(Object.keys(packument?.versions ?? {}), name).toStrictEqual([FIRST_VERSION]);
      expect(packument!["dist-tags"].latest, name).toBe(FIRST_VERSION);
    }
    // The registry has no uplink for the scope: a name the release did not publish is unknown.
    expect(await fetchPackument(registry!.url, "@baton/not-a-package")).toBeUndefined();
  });

  it("publish manifests whose Baton dependencies are the released versions, not workspace ranges, and none on the test doubles", async () => {
    for (const { name } of PACKAGES) {
      const manifest = (await fetchPackument(registry!.url, name))!.versions[FIRST_VERSION]!;
      expect(Object.keys(manifest.dependencies ?? {}), name).not.toContain("@baton/testing");
      const ranges = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
      for (const [dependency, range] of Object.entries(ranges)) {
        expect(range, `${name} → ${dependency}`).not.toMatch(/^workspace:/);
        if (!dependency.startsWith("@baton/")) continue;
        // An optional peer (the CLI's other providers and storages) names the released version among the ranges it
        // accepts: one range of `^0.0.0` would make changesets release the CLI as a new major with its peers.
        if (manifest.peerDependenciesMeta?.[dependency]?.optional)
          expect(
            range.split("||").map((part) => part.trim()),
            `${name} → ${dependency}`,
          ).toContain(`^${FIRST_VERSION}`);
        else expect(range, `${name} → ${dependency}`).toBe(`^${FIRST_VERSION}`);
      }
    }
  });

  it("start each package's CHANGELOG with its first release, described by its first-release changeset alone", () => {
    for (const { folder, name } of PACKAGES) {
      const changelog = readChangelog(readFileSync(join(released!.dir, "packages", folder, "CHANGELOG.md"), "utf8"));
      expect(changelog.versions, name).toStrictEqual([FIRST_VERSION]);
      expect(released!.firstReleaseSummaries.get(name), `${name} has a first-release changeset`).toBeDefined();
      expect(changelog.firstEntry, name).toBe(released!.firstReleaseSummaries.get(name));
      // What the package offers, not how it changed before anyone could install it.
      expect(changelog.latest.entries, name).toStrictEqual([released!.firstReleaseSummaries.get(name)]);
      expect(changelog.latest.text, name).not.toMatch(/deprecat|still accepted|renamed/i);
    }
  });
});

describe("the published tarballs", () => {
  const tarballs = new Map<string, DownloadedTarball>();
  /** What attw found in each tarball, under every resolution. */
  let typesProblems = new Map<string, TypesProblem[]>();

  beforeAll(async () => {
    for (const { name, folder } of PACKAGES) {
      const manifest = (await fetchPackument(registry!.url, name))!.versions[FIRST_VERSION] as PublishedManifest;
      tarballs.set(name, await downloadTarball(manifest, join(scratch, folder)));
    }
    typesProblems = await checkTarballTypes(new Map([...tarballs].map(([name, tarball]) => [name, tarball.file])), scratch);
    phase("tarballs checked (attw)");
  }, 300_000);

  it("each hold the README, the LICENSE and the CHANGELOG of the release", () => {
    for (const { name } of PACKAGES) {
      const root = tarballs.get(name)!.unpacked;
      for (const file of ["package.json", "README.md", "LICENSE", "CHANGELOG.md"]) expect(existsSync(join(root, file)), `${name}: ${file}`).toBe(true);
      expect(readChangelog(readFileSync(join(root, "CHANGELOG.md"), "utf8")).versions, name).toStrictEqual([FIRST_VERSION]);
    }
  });

  it.each(PACKAGES.map(({ name }) => name))("%s: publint reports no error and no warning", async (name) => {
    const { messages, pkg } = await publint({ pack: { tarball: tarballs.get(name)!.data }, level: "warning" });
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, pkg) ?? message.code}`)).toStrictEqual([]);
  });

  // The packages are ES modules only (`exports` with `types` / `import` / `default`), hence
  // attw's "esm-only" profile, which leaves out two resolutions that do not apply:
  // - node16 from CommonJS ("ESM, dynamic import only"): Node >= 20.19 (our `engines`)
  //   loads them with require(), and TypeScript >= 5.8 with `module: nodenext` types it;
  //   attw 0.18 bundles TypeScript 5.6, which predates that. The fresh-project tests below
  //   compile and run a CommonJS program that requires them.
  // - node10: `moduleResolution: node10` predates `exports` maps and finds no subpath.
  it.each(PACKAGES.map(({ name }) => name))("%s: attw (esm-only profile) reports no problem", (name) => {
    // The esm-only profile leaves out the node10 and node16-cjs resolutions, as `attw --profile esm-only` does.
    const counted = typesProblems.get(name)?.filter((problem) => problem.resolutionKind !== "node10" && problem.resolutionKind !== "node16-cjs");
    expect(counted).toStrictEqual([]);
  });
});

describe("a fresh npm project installing core, loop, tools, openai and storage-sqlite from the registry", () => {
  const quickstart = packageByPackageQuickstart();

  beforeAll(async () => {
    project = await createFreshProject(registry!.url, sqliteBinaryCacheEnvironment());
    await project.npm("install", ...quickstart.install);
    await keepSqliteBinary(project.dir);
    provider = await startProviderServer();
    phase("quickstart project installed");
  }, 600_000);

  it("installs exactly the README's Baton packages, the tarballs this release published, into a CommonJS project", async () => {
    expect(quickstart.install.filter((name) => name.startsWith("@baton/")).sort()).toStrictEqual([
      "@baton/core",
      "@baton/loop",
      "@baton/openai",
      "@baton/storage-sqlite",
      "@baton/tools",
    ]);
    expect(project!.manifest().type).toBe("commonjs"); // what `npm init -y` writes
    const lock = JSON.parse(readFileSync(join(project!.dir, "package-lock.json"), "utf8")) as {
      packages: Record<string, { version?: string; integrity?: string }>;
    };
    const baton = Object.entries(lock.packages).filter(([path]) => path.includes("node_modules/@baton/"));
    expect(baton.map(([path]) => path.replace(/^.*node_modules\//, "")).sort()).toStrictEqual([
      "@baton/core",
      "@baton/loop",
      "@baton/openai",
      "@baton/storage-sqlite",
      "@baton/tools",
    ]);
    for (const [path, entry] of baton) {
      const name = path.replace(/^.*node_modules\//, "");
      const published = (await fetchPackument(registry!.url, name))!.versions[FIRST_VERSION]!;
      expect(entry.version, path).toBe(FIRST_VERSION);
      expect(entry.integrity, path).toBe(published.dist.integrity);
    }
  });

  it("compiles the README's quickstart as it is, and a CommonJS program requiring the packages, with tsc (nodenext, strict, skipLibCheck off)", async () => {
    writeFileSync(join(project!.dir, "agent.mts"), quickstart.program);
    writeFileSync(join(project!.dir, "agent-require.cts"), readFileSync(join(FIXTURES, "agent-require.cts"), "utf8"));
    writeFileSync(
      join(project!.dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { ...USER_COMPILER_OPTIONS, outDir: "out" }, files: ["agent.mts", "agent-require.cts"] }, null, 2),
    );
    expect(await typecheck(project!.dir, "tsconfig.json")).toStrictEqual([]);
    expect(readdirSync(join(project!.dir, "out")).sort()).toStrictEqual(["agent-require.cjs", "agent.mjs"]);
    expect(readFileSync(join(project!.dir, "out", "agent-require.cjs"), "utf8")).toContain('require("@baton/loop")');
  });

  it("runs the compiled quickstart as an ES module against a replayed OpenAI stream", async () => {
    await expectReplayedRun(["out/agent.mjs"]);
  });

  it("runs the CommonJS program, which loads every package with require()", async () => {
    await expectReplayedRun(["out/agent-require.cjs"]);
  });

  it("bundles the quickstart for Node with esbuild, and the bundle runs", async () => {
    const result = await build({
      entryPoints: [join(project!.dir, "agent.mts")],
      absWorkingDir: project!.dir,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      external: ["better-sqlite3"], // a native addon, loaded from node_modules
      outfile: join(project!.dir, "bundle", "agent.mjs"),
      metafile: true,
      logLevel: "silent",
    });
    expect(result.errors).toStrictEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    for (const name of ["loop", "tools", "openai", "storage-sqlite", "core"]) {
      expect(
        inputs.some((input) => input.startsWith(`node_modules/@baton/${name}/dist/`)),
        name,
      ).toBe(true);
    }
    await expectReplayedRun(["bundle/agent.mjs"]);
  });

  it("bundles @baton/events' browser client for the browser, without Node built-ins", async () => {
    await project!.npm("install", "@baton/events");
    const result = await build({
      stdin: { contents: 'export * from "@baton/events/client";', resolveDir: project!.dir, loader: "js" },
      absWorkingDir: project!.dir,
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    expect(result.errors).toStrictEqual([]);
    const [output] = Object.values(result.metafile.outputs);
    expect(output!.exports).toContain("streamRunEvents");
    const code = result.outputFiles![0]!.text;
    expect(code).not.toMatch(/["']node:/);
    expect(
      Object.values(result.metafile.inputs).flatMap((input) => input.imports.filter((imported) => imported.external).map((imported) => imported.path)),
    ).toStrictEqual([]);
  });

  it("compiles a browser page using the client without Node's types", async () => {
    const dir = join(project!.dir, "browser");
    mkdirSync(dir);
    writeFileSync(join(dir, "page.mts"), readFileSync(join(FIXTURES, "browser-client.mts"), "utf8"));
    const compilerOptions = { ...USER_COMPILER_OPTIONS, noEmit: true, lib: ["es2022", "dom", "dom.iterable"], types: [] };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["page.mts"] }, null, 2));
    expect(await typecheck(dir, "tsconfig.json")).toStrictEqual([]);
    const { stdout } = await runCommand(
      process.execPath,
      [createRequire(import.meta.url).resolve("typescript/bin/tsc"), "-p", "tsconfig.json", "--listFilesOnly"],
      { cwd: dir },
    );
    expect(stdout.split("\n").filter((file) => file.includes("/@types/node/"))).toStrictEqual([]);
  });
});

/** Runs `node <args>` in the fresh project against the replay server: one run of the quickstart's agent. */
async function expectReplayedRun(args: string[]): Promise<void> {
  // Each run starts a new conversation file (the same conversation id would continue the last run's).
  for (const suffix of ["", "-wal", "-shm"]) rmSync(join(project!.dir, `baton.db${suffix}`), { force: true });
  const before = provider!.requests.length;
  enqueueWeatherRun(provider!);
  const { stdout } = await project!.node(args, openAIEnvironment(provider!));
  expect(stdout.trim()).toBe(EXPECTED_OUTPUT);
  const requests = provider!.requests.slice(before);
  expect(requests.map((request) => request.path)).toStrictEqual(["/v1/chat/completions", "/v1/chat/completions"]);
  // The second call carries the tool's (corrective) result for the first call's tool call.
  const messages = (requests[1]!.body as { messages: { role: string; tool_call_id?: string }[] }).messages;
  expect(messages.filter((message) => message.role === "tool").map((message) => message.tool_call_id)).toStrictEqual(["call_79382389"]);
}

/** The READMEs whose TypeScript examples are compiled: the root one and each package's. */
const READMES = ["README.md", ...readdirSync(join(REPOSITORY_ROOT, "packages")).map((folder) => `packages/${folder}/README.md`)].filter((readme) =>
  existsSync(join(REPOSITORY_ROOT, readme)),
);

describe("the TypeScript examples of every README, compiled against the installed packages", () => {
  /** Diagnostics by README, with the README's line numbers. */
  const diagnostics = new Map<string, string[]>();
  let compiled = 0;

  beforeAll(async () => {
    const dir = join(project!.dir, "readme-examples");
    mkdirSync(dir);
    const files: string[] = [];
    const origin = new Map<string, { readme: string; line: number }>();
    const imported = new Set<string>();
    for (const readme of READMES) {
      diagnostics.set(readme, []);
      for (const block of readmeCodeBlocks(readFileSync(join(REPOSITORY_ROOT, readme), "utf8"))) {
        if (!block.compiles) continue;
        const file = `${readme.replace(/\/README\.md$|\.md$/, "").replace(/\//g, "-")}-line-${block.line}.mts`;
        writeFileSync(join(dir, file), block.code);
        files.push(file);
        origin.set(file, { readme, line: block.line });
        for (const name of importedPackages(block.code)) imported.add(name);
      }
    }
    compiled = files.length;
    // Every Baton package, and whatever else the examples import (each README says to
    // install it), in one command so that npm picks versions that fit together.
    const others = [...imported].filter((name) => !name.startsWith("node:") && !name.startsWith("@baton/"));
    if ([...imported].some((name) => name.startsWith("node:"))) others.push("@types/node@^20");
    await project!.npm("install", ...PACKAGES.map(({ name }) => name), ...others);
    phase("README compile: every package installed");
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { ...USER_COMPILER_OPTIONS, noEmit: true }, files }, null, 2));
    for (const diagnostic of await typecheck(dir, "tsconfig.json")) reportDiagnostic(diagnostic, origin.get(diagnostic.file));
    phase("README examples compiled");
  }, 600_000);

  /** Files under the README's name and line: `packages/loop/README.md:12:3 TS2304: …`. */
  function reportDiagnostic(diagnostic: Diagnostic, where: { readme: string; line: number } | undefined): void {
    const readme = where?.readme ?? "README.md";
    const at = where ? `${where.readme}:${where.line + diagnostic.line}:${diagnostic.column}` : diagnostic.file;
    diagnostics.get(readme)!.push(`${at} ${diagnostic.message}`);
  }

  it("are found (the READMEs have examples that compile)", () => {
    expect(compiled).toBeGreaterThan(30);
  });

  it.each(READMES)("%s: its examples compile, and those that do not say why", (readme) => {
    expect(diagnostics.get(readme)).toStrictEqual([]);
    for (const block of readmeCodeBlocks(readFileSync(join(REPOSITORY_ROOT, readme), "utf8"))) {
      if (!block.compiles) expect(block.code.split("\n")[0], `${readme}:${block.line}`).toMatch(/^\/\/ not compiled: \S/);
    }
  });
});

describe("@baton/cli installed from the registry into a fresh project", () => {
  let cli: FreshProject | undefined;
  let server: ProviderServer | undefined;

  beforeAll(async () => {
    server = await startProviderServer();
    // Both keys set: OpenAI, the first provider with a key, runs the template; `--provider anthropic` asks for the other.
    cli = await createFreshProject(registry!.url, { ...sqliteBinaryCacheEnvironment(), ...openAIEnvironment(server), ANTHROPIC_API_KEY: "sk-ant-test" });
    await cli.npm("install", "@baton/cli");
    phase("CLI project installed");
    await keepSqliteBinary(cli.dir);
  }, 600_000);

  afterAll(async () => {
    await server?.close();
    cli?.remove();
  });

  it("installs what an OpenAI template needs (openai, a peer, and SQLite), none of the other providers and storages", () => {
    const installed = (name: string): boolean => existsSync(join(cli!.dir, "node_modules", name, "package.json"));
    expect(installed("openai")).toBe(true);
    expect(installed("better-sqlite3")).toBe(true);
    const optional = [
      "@baton/anthropic",
      "@anthropic-ai/sdk",
      "@baton/google",
      "@google/genai",
      "@baton/storage-postgres",
      "pg",
      "@baton/storage-redis",
      "ioredis",
    ];
    expect(optional.filter(installed)).toStrictEqual([]);
  });

  it("runs a template with `npm exec baton` against an OpenAI-compatible server, and names what to install for another provider", async () => {
    writeFileSync(join(cli!.dir, "hello.json"), JSON.stringify({ name: "hello", instructions: "Answer in one sentence.", model: "gpt-4.1-mini" }));
    server!.enqueue({ kind: "stream", protocol: "openai-chat", chunks: loadProviderFixture("openai-chat", "openai-text") });
    const ran = await cli!.npm("exec", "--", "baton", "run", "hello.json", "Say hello");
    expect(ran.stdout).toContain(REPLAYED_ANSWER);
    expect(ran.stdout).toMatch(/^\[completed\] 1 model call/m);
    const anthropic = cli!.npm("exec", "--", "baton", "run", "hello.json", "Say hello", "--provider", "anthropic");
    const refused = await anthropic.then(
      () => undefined,
      (error: unknown) => error as CommandFailedError,
    );
    expect(refused?.exitCode).toBe(1);
    expect(refused?.output.stderr).toContain(
      "error: INVALID_CONFIGURATION: The anthropic provider needs @baton/anthropic @anthropic-ai/sdk, which @baton/cli does not install by itself",
    );
  });
});

/** The recorded text answer each provider adapter's README example is replayed, by protocol. */
const TEXT_ANSWERS = {
  anthropic: loadProviderFixture("anthropic", "anthropic-text"),
  google: loadProviderFixture("google", "google-text"),
  "openai-chat": loadProviderFixture("openai-chat", "openai-text"),
} as const;

/** The text a recorded answer streams (Anthropic's `text_delta`s, Gemini's parts, OpenAI's deltas). */
function answerText(protocol: keyof typeof TEXT_ANSWERS): string {
  return TEXT_ANSWERS[protocol]
    .map((line) => {
      const chunk = JSON.parse(line) as {
        delta?: { text?: string };
        candidates?: { content?: { parts?: { text?: string; thought?: boolean }[] } }[];
        choices?: { delta?: { content?: string | null } }[];
      };
      if (protocol === "anthropic") return chunk.delta?.text ?? "";
      if (protocol === "google") return (chunk.candidates?.[0]?.content?.parts ?? []).map((part) => (part.thought ? "" : (part.text ?? ""))).join("");
      return chunk.choices?.[0]?.delta?.content ?? "";
    })
    .join("");
}

/** What runs each package README's first example needs, and what its output must show. */
interface ReadmeExampleCase {
  readonly setup: ExampleRunSetup;
  /** A local service it needs: without it the case is skipped, or fails under `CI`. */
  readonly requires?: "redis-server" | "PostgreSQL";
  /** Before the run: queues the replayed answers, creates the database… */
  readonly before?: () => Promise<void>;
  /** After the run, whatever its outcome: drops the database. */
  readonly after?: () => Promise<void>;
  /** What the output must contain. */
  readonly prints?: readonly string[];
  /** For an example that keeps serving: checks it while it is up. */
  readonly whileUp?: (output: string) => Promise<void>;
}

describe("the first example of every package README, run in a fresh project that installed exactly its install line", () => {
  let projects: ReadonlyMap<string, FreshProject | Error> = new Map();
  let replay: ProviderServer | undefined;
  let redis: PrivateRedis | undefined;
  let tsx: FreshProject | undefined;

  beforeAll(async () => {
    replay = await startProviderServer();
    if (privateRedisUnavailableReason() === undefined) redis = await startPrivateRedis();
    // Each README's line in a project of its own, and tsx in one more (what `npx tsx` runs): started once the release was published.
    phase("README examples: waiting for their projects");
    const installed = await readmeProjects!;
    projects = installed.byPackage;
    tsx = installed.tsx;
  }, 900_000);

  afterAll(async () => {
    // The projects are removed with the suite's registry (the top-level afterAll).
    await replay?.close();
    await redis?.stop();
  }, 60_000);

  /** The case of package `name`: its environment, replays and expected output. */
  async function caseOf(name: string, project: FreshProject): Promise<ReadmeExampleCase> {
    const replayText = (protocol: keyof typeof TEXT_ANSWERS) => async () => replay!.enqueue({ kind: "stream", protocol, chunks: TEXT_ANSWERS[protocol] });
    const redisUrl: readonly [string, string] = ["redis://127.0.0.1:6379", redis?.url() ?? "redis://127.0.0.1:6379"];
    switch (name) {
      case "@baton/anthropic":
        return {
          setup: { env: { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: replay!.url } },
          before: replayText("anthropic"),
          prints: [answerText("anthropic")],
        };
      case "@baton/google":
        return {
          setup: { env: { GEMINI_API_KEY: "test-key", GOOGLE_GEMINI_BASE_URL: replay!.url } },
          before: replayText("google"),
          prints: [answerText("google")],
        };
      case "@baton/openai":
        return { setup: { env: openAIEnvironment(replay!) }, before: replayText("openai-chat"), prints: [REPLAYED_ANSWER] };
      case "@baton/events":
        return {
          setup: { replace: [["3000", String(await freePort())]] },
          prints: ["weather → { city: 'Paris', celsius: 21 }", "It is 21 °C in Paris.", "completed, last seq"],
        };
      case "@baton/viewer":
        return {
          setup: { replace: [["3000", String(await freePort())]], servesUntil: /http:\/\/localhost:\d+\/viewer\/runs\/\S+/ },
          whileUp: async (output) => {
            const url = /http:\/\/localhost:\d+\/viewer\/runs\/\S+/.exec(output)![0];
            const page = await fetch(url);
            expect(page.status).toBe(200);
            expect(page.headers.get("content-type")).toContain("text/html");
          },
        };
      case "@baton/queue":
        // A worker: up once BullMQ's connections reach Redis (its SIGTERM handler is set by then), until SIGTERM,
        // which the handler ends with exit code 0.
        return {
          requires: "redis-server",
          setup: { env: { OPENAI_API_KEY: "sk-test" }, replace: [redisUrl], upWhen: () => bullmqConnected(redis!), exitAfterStop: 0 },
        };
      case "@baton/storage-redis":
        return { requires: "redis-server", setup: { replace: [redisUrl] }, prints: ["1 1", "true"] };
      case "@baton/storage-postgres": {
        const database = `baton_readme_${process.pid}`;
        return {
          requires: "PostgreSQL",
          setup: { env: { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` } },
          before: () => postgresDatabase(project, "create", database),
          after: () => postgresDatabase(project, "drop", database),
          prints: ["claimed: true"],
        };
      }
      case "@baton/mcp":
        return { setup: {}, prints: ["→ fs_list_directory", "Those are the files."] };
      case "@baton/storage-sqlite":
        return { setup: {}, prints: ["1 user:", "claimed: true"] };
      default:
        return { setup: {} };
    }
  }

  it("covers every published package, each with an install line and a runnable example", () => {
    expect(README_EXAMPLES.map(({ name }) => name)).toStrictEqual(PACKAGES.map(({ name }) => name));
    for (const { name, install, example } of README_EXAMPLES) {
      expect(install?.packages, name).toContain(name);
      expect(example, name).toBeDefined();
    }
  });

  it.for(PACKAGES.map(({ name }) => name))("%s: installs with its line alone and runs as written", async (name, context) => {
    const project = projects.get(name);
    if (project instanceof Error) throw project;
    const { example } = README_EXAMPLES.find((entry) => entry.name === name)!;
    const exampleCase = await caseOf(name, project!);
    // A laptop may lack a service; CI may not.
    const unavailable = (why: string): void => {
      if (process.env.CI) throw new Error(`${name}: ${why} (CI is set)`);
      context.skip(`${name}: ${why}`);
    };
    if (exampleCase.requires === "redis-server" && redis === undefined) unavailable(privateRedisUnavailableReason() ?? "no redis-server");
    try {
      await exampleCase.before?.();
    } catch (error) {
      if (exampleCase.requires === "PostgreSQL") unavailable(`no PostgreSQL at 127.0.0.1:5432 (${String(error)})`);
      throw error;
    }
    try {
      const tsxCli = join(tsx!.dir, "node_modules", "tsx", "dist", "cli.mjs");
      const output = await runReadmeExample(project!.dir, example, exampleCase.setup, tsxCli, exampleCase.whileUp);
      for (const text of exampleCase.prints ?? []) expect(output.stdout, `${name} prints`).toContain(text);
    } finally {
      await exampleCase.after?.();
    }
  });
});

/** Whether a BullMQ client (its connections are named `bull:…`) is connected to the private Redis. */
async function bullmqConnected(redis: PrivateRedis): Promise<boolean> {
  const { stdout } = await runCommand("redis-cli", ["-p", String(redis.port), "CLIENT", "LIST"], { cwd: tmpdir(), timeoutMs: 5_000 });
  return /\bname=bull:/.test(stdout);
}

/** A port nothing listens on now (the examples that serve take a fixed one, 3000, which another suite may hold). */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Creates or drops a database on the local PostgreSQL, with the `pg` a project installed (with `@baton/storage-postgres`). */
async function postgresDatabase(project: FreshProject, action: "create" | "drop", name: string): Promise<void> {
  // Dropped first: a run killed before its cleanup may have left it (the name holds this process's id).
  const statements = [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, ...(action === "create" ? [`CREATE DATABASE ${name}`] : [])];
  const script = [
    'const { Client } = require("pg");',
    'const client = new Client({ connectionString: "postgres://postgres@127.0.0.1:5432/test", connectionTimeoutMillis: 5000 });',
    `const statements = ${JSON.stringify(statements)};`,
    "client.connect().then(async () => { for (const statement of statements) await client.query(statement); await client.end(); })",
    "  .catch((error) => { console.error(error.message); process.exit(1); });",
  ].join("\n");
  await project.node(["-e", script]);
}
