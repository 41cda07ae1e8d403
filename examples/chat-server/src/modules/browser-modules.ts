import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** A package whose built ES modules the page loads, and the folder they are served from. */
export interface BrowserModuleRoot {
  /** The package name, also the URL prefix: `/modules/<name>/…`. */
  readonly name: string;
  /** Folder of the package's built ES modules. */
  readonly dir: string;
}

/**
 * Where the page's modules live on disk: `@baton/events` (its `dist/`, whose
 * `client/` the page imports), and the two packages its client imports at run
 * time, `@baton/core` and `eventsource-parser`, resolved from `@baton/events` so
 * they are the very copies it depends on.
 */
export function browserModuleRoots(): readonly BrowserModuleRoot[] {
  const fromHere = createRequire(import.meta.url);
  const eventsPackageJson = fromHere.resolve("@baton/events/package.json");
  const fromEvents = createRequire(eventsPackageJson);
  return [
    { name: "@baton/events", dir: join(dirname(eventsPackageJson), "dist") },
    { name: "@baton/core", dir: join(dirname(fromEvents.resolve("@baton/core/package.json")), "dist") },
    { name: "eventsource-parser", dir: join(dirname(fromEvents.resolve("eventsource-parser/package.json")), "dist") },
  ];
}
