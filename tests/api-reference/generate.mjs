// Builds Baton's API reference from the published packages' sources with TypeDoc, into
// tests/api-reference/api-reference/ (not committed), and reports every export without a
// doc comment, every `{@link}` that does not resolve and every symbol the reference
// shows but no package exports. `node tests/api-reference/generate.mjs` after a build;
// the suite's test (test/api-reference.test.ts) fails on any problem.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Application, LogLevel } from "typedoc";

const here = dirname(fileURLToPath(import.meta.url));
const packagesDir = join(here, "..", "..", "packages");

/** Every published package (not private), by folder. */
export function publishedPackages() {
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(packagesDir, entry.name))
    .filter((dir) => {
      try {
        return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).private !== true;
      } catch {
        return false;
      }
    });
}

/** The kinds of symbol that must have a doc comment. */
const REQUIRED_TO_BE_DOCUMENTED = ["Enum", "Variable", "Function", "Class", "Interface", "TypeAlias", "Method", "Accessor"];

/**
 * Generates the reference; resolves with TypeDoc's problems (warnings and errors, as
 * text) and the number of packages documented.
 */
export async function generateApiReference() {
  const packages = publishedPackages();
  // TypeDoc asks for documentation only of the packages named here (by default, of the root package alone).
  const names = packages.map((dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name);
  const problems = [];
  const app = await Application.bootstrapWithPlugins({
    entryPoints: packages,
    entryPointStrategy: "packages",
    packageOptions: {
      // Each package is type-checked by its own `typecheck` task; TypeDoc only reads the types.
      skipErrorChecking: true,
      // Each package's build program (its sources, not its tests): the tests' files are
      // not documented, and reading them took a fifth of the conversion.
      tsconfig: "tsconfig.build.json",
      packagesRequiringDocumentation: names,
      requiredToBeDocumented: REQUIRED_TO_BE_DOCUMENTED,
      excludePrivate: true,
      excludeInternal: true,
      // The READMEs link to folders of the repository, which a reference cannot hold.
      readme: "none",
      // No canonical public repository to link the sources to yet.
      disableSources: true,
      disableGit: true,
    },
    // No canonical public repository to link the sources to yet.
    disableSources: true,
    skipErrorChecking: true,
    out: join(here, "api-reference"),
    name: "Baton",
    readme: "none",
    validation: { notExported: true, invalidLink: true, notDocumented: true },
    packagesRequiringDocumentation: names,
    // Every exported symbol and every method; properties (about 2,200, most of them fields of option and
    // record types) are not required yet.
    requiredToBeDocumented: REQUIRED_TO_BE_DOCUMENTED,
    logLevel: LogLevel.Warn,
  });
  const log = app.logger.log.bind(app.logger);
  app.logger.log = (message, level) => {
    if (level >= LogLevel.Warn) problems.push(String(message));
    return log(message, level);
  };
  const project = await app.convert();
  if (!project) return { problems: [...problems, "TypeDoc could not convert the packages."], packages: packages.length };
  app.validate(project);
  await app.generateDocs(project, join(here, "api-reference"));
  return { problems, packages: packages.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { problems, packages } = await generateApiReference();
  if (problems.length > 0) {
    console.error(`API reference: ${problems.length} problem(s).`);
    process.exit(1);
  }
  console.log(`API reference: ${packages} packages written to tests/api-reference/api-reference/.`);
}
