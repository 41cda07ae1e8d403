/** The code of `optional-parts.ts`, as the loop uses it. */
export type OptionalParts = typeof import("./optional-parts.js");

/** The code of `nested-runs.ts`, as an agent's run uses it. */
export type NestedRuns = typeof import("../run-tree/nested-runs.js");

/**
 * A module loaded on first use: the first call starts the `import()` and returns its
 * promise; once it is loaded, every call returns the module itself (not a promise), so
 * later callers go on without waiting a turn.
 */
function lazyModule<T>(load: () => Promise<T>): () => T | Promise<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return () => {
    if (loaded !== undefined) return loaded;
    loading ??= load().then((module) => (loaded = module));
    return loading;
  };
}

/** The loop's optional parts (storage and resume, logging, budgets), loaded on the first run that needs one. */
export const loadOptionalParts: () => OptionalParts | Promise<OptionalParts> = lazyModule(() => import("./optional-parts.js"));

/** The code that runs sub-agents, loaded when a run first spawns one (most agents never do). */
export const loadNestedRuns: () => NestedRuns | Promise<NestedRuns> = lazyModule(() => import("../run-tree/nested-runs.js"));
