import { errorMessage } from "@baton/core";
import { migrate, schemaStatus } from "./migrate.js";
import { MIGRATIONS, SCHEMA_VERSION } from "./migrations.js";
import { openDatabase } from "./open-database.js";

/** Where {@link runCli} prints. */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const USAGE = [
  "Usage: baton-storage-sqlite <command> <file>",
  "",
  "Commands:",
  "  migrate <file>  apply the migrations the file lacks (creates the file when missing)",
  "  status <file>   show applied and pending migrations (exit code 2 when not current)",
].join("\n");

const nameOf = new Map(MIGRATIONS.map((migration) => [migration.version, migration.name]));

function runMigrate(file: string, output: CliOutput): number {
  const db = openDatabase(file);
  try {
    const applied = migrate(db);
    if (applied.length === 0) output.out(`${file}: already up to date (schema version ${SCHEMA_VERSION}).`);
    for (const version of applied) output.out(`${file}: applied migration ${version} (${nameOf.get(version) ?? "?"}).`);
    return 0;
  } finally {
    db.close();
  }
}

function runStatus(file: string, output: CliOutput): number {
  const db = openDatabase(file, { fileMustExist: true, wal: false });
  try {
    const status = schemaStatus(db);
    output.out(`${file}:`);
    for (const row of status.applied)
      output.out(
        `  applied  ${row.version} ${row.name} (${new Date(row.appliedAt).toISOString()})${nameOf.has(row.version) ? "" : " — unknown to this version"}`,
      );
    for (const migration of status.pending) output.out(`  pending  ${migration.version} ${migration.name}`);
    if (status.newer.length > 0) output.out(`Migrated by a newer @baton/storage-sqlite (versions ${status.newer.join(", ")}): upgrade this package.`);
    else if (status.pending.length > 0) output.out(`Not current: run \`baton-storage-sqlite migrate ${file}\`.`);
    else output.out("Up to date.");
    return status.current ? 0 : 2;
  } finally {
    db.close();
  }
}

/**
 * The `baton-storage-sqlite` command: `migrate <file>` or `status <file>`.
 * @returns the process exit code (0 done / current, 1 error, 2 `status` not current).
 */
export function runCli(args: readonly string[], output: CliOutput): number {
  const [command, file, ...rest] = args;
  if (command === "--help" || command === "-h" || command === "help") {
    output.out(USAGE);
    return 0;
  }
  if ((command !== "migrate" && command !== "status") || file === undefined || rest.length > 0) {
    output.err(USAGE);
    return 1;
  }
  try {
    return command === "migrate" ? runMigrate(file, output) : runStatus(file, output);
  } catch (error) {
    output.err(`baton-storage-sqlite ${command}: ${errorMessage(error)}`);
    return 1;
  }
}
