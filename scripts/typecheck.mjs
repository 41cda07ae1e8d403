#!/usr/bin/env node
// Type-checks the project in the folder it is started from (its tsconfig.json, tests
// included) with TypeScript 7, the native compiler (the root devDependency
// `typescript-native`), about ten times faster than TypeScript 5.9. The builds write the
// declarations with it too (scripts/build-package.mjs); TypeDoc and the release test's
// compile checks keep TypeScript 5.9, whose JavaScript API TypeDoc uses: what a user
// compiles against the published declarations is so checked by both majors.
//
//   node ../../scripts/typecheck.mjs            # what each workspace's `typecheck` script runs
import { spawnSync } from "node:child_process";
import { TYPESCRIPT_NATIVE_TSC } from "./typescript-native.mjs";

const result = spawnSync(process.execPath, [TYPESCRIPT_NATIVE_TSC, "-p", "tsconfig.json", "--noEmit", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
