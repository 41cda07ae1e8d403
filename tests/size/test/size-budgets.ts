/**
 * Size budgets, in kilobytes (1000 bytes) of gzip, of code bundled with esbuild
 * (minified ESM for Node, see `src/bundle-size.mjs`): what loads with the module,
 * not counting lazily loaded chunks. Each is a bit above the size measured when it
 * was set, so growth is a decision: when a change grows a package on purpose, raise
 * its budget here in the same change and say why.
 */

/** Each published package's own code (its dependencies, peers and other Baton packages left out), every entry point of its `exports` map. */
export const PACKAGE_BUDGETS_KB: Readonly<Record<string, number>> = {
  agents: 19.5,
  anthropic: 6.5,
  baton: 7,
  core: 20.5,
  events: 17.5,
  google: 9.5,
  loop: 22.5,
  mcp: 8,
  openai: 8.5,
  otel: 6,
  queue: 8,
  "storage-memory": 2.5,
  "storage-postgres": 7,
  "storage-redis": 7.5,
  "storage-sqlite": 6,
  testing: 17,
  tokens: 10,
  tools: 4,
  viewer: 7,
};

/**
 * Folders of `packages/` that are programs rather than libraries an application
 * bundles, with the reason they have no size budget.
 */
export const UNBUDGETED_PACKAGES: Readonly<Record<string, string>> = {
  cli: "a command-line program, measured by its time to first output line",
};

/**
 * The root entry points of `@baton/core`, `@baton/loop` and `@baton/tools` bundled
 * together, with their dependencies (SDKs and zod left out), every public export
 * kept: what an application that uses Baton's loop can load. 37.7 KB when set (an
 * application importing only `run`, `stream`, `defineTool` and `createToolRegistry`:
 * 30.7 KB); the goal is under 25 KB. The packages' own bundled builds
 * (`scripts/build-package.mjs`) do not change it (37.7 KB with the provider and storage
 * kits in core).
 */
export const CORE_LOOP_TOOLS_BUDGET_KB = 40;
