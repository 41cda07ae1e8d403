// Checks published tarballs with @arethetypeswrong/core (what `attw --format json` runs),
// every one in this one process: TypeScript loads once, not once per package. Started
// by `checkTarballTypes()` (src/attw.ts) with `name=tarball` pairs as its arguments; it
// prints one JSON object, each package's problems by name. A package without type
// declarations gets one problem of kind "NoTypes" (attw reports nothing for it).
import { readFileSync } from "node:fs";
import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";

const problems = {};
for (const pair of process.argv.slice(2)) {
  const at = pair.lastIndexOf("=");
  const name = pair.slice(0, at);
  const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(pair.slice(at + 1)))));
  problems[name] = analysis.types ? analysis.problems : [{ kind: "NoTypes", entrypoint: "." }];
}
process.stdout.write(JSON.stringify(problems));
