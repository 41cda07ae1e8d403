/** The code of `optional-parts.ts`, as the loop uses it. */
export type OptionalParts = typeof import("./optional-parts.js");

let loaded: OptionalParts | undefined;
let loading: Promise<OptionalParts> | undefined;

/**
 * The loop's optional parts (storage and resume, logging, budgets, sub-agents): the
 * first call starts loading them and returns the promise; once loaded, every call
 * returns the module itself (not a promise), so later runs go on without waiting a turn.
 */
export function loadOptionalParts(): OptionalParts | Promise<OptionalParts> {
  if (loaded) return loaded;
  loading ??= import("./optional-parts.js").then((module) => (loaded = module));
  return loading;
}

/**
 * Calls `use` with the optional parts: at once when they are loaded, else once they
 * are (the result is then a promise).
 */
export function withOptionalParts<T>(use: (parts: OptionalParts) => T): T | Promise<Awaited<T>> {
  const parts = loadOptionalParts();
  return parts instanceof Promise ? (parts.then(use) as Promise<Awaited<T>>) : use(parts);
}

/**
 * The optional parts, for code that runs only when they are loaded: with storage, a
 * state to resume from, a logger, a budget or a context engine, a run loads them before
 * it starts (see `startRun`), and a sub-agent's runner is one of them.
 */
export function loadedOptionalParts(): OptionalParts {
  if (loaded === undefined) throw new Error("The loop's optional parts were used before they were loaded.");
  return loaded;
}
