// Where TypeScript 7's `tsc` is: the root devDependency `typescript-native`, its `bin`
// beside its package.json (its `exports` map does not list the bin). The typecheck
// (scripts/typecheck.mjs) and the builds' declarations (scripts/build-package.mjs) run it.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The path of TypeScript 7's `tsc` script (run it with `node`). */
export const TYPESCRIPT_NATIVE_TSC = join(dirname(createRequire(import.meta.url).resolve("typescript-native/package.json")), "bin", "tsc");
