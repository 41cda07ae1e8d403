#!/usr/bin/env node
/**
 * `baton-storage-postgres migrate|status <connection-string> [--schema <name>]`:
 * applies Baton's migrations to a PostgreSQL schema, or reports where it stands.
 * Exit codes: 0 done (status: up to date), 1 failure, 2 usage error, 3 (status) migrations pending.
 * @packageDocumentation
 */
import { redactText } from "@baton/core/secrets";
import pg from "pg";
import { migrate, schemaStatus } from "./migrate.js";
import { MIGRATIONS, SCHEMA_VERSION } from "./migrations.js";
import { passwordsOf } from "./redact.js";
import { describeConnectionString } from "./target.js";

const USAGE = `Usage: baton-storage-postgres <migrate|status> <connection-string> [--schema <name>]

  migrate   apply the missing migrations (creates the schema when missing)
  status    list applied and pending migrations

  --schema  schema holding Baton's tables (default: public)`;

interface Command {
  readonly action: "migrate" | "status";
  readonly connectionString: string;
  readonly schema: string;
}

function parse(args: readonly string[]): Command | string {
  const positional: string[] = [];
  let schema = "public";
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--help" || arg === "-h") return USAGE;
    if (arg === "--schema") {
      const value = args[++i];
      if (!value) return `--schema needs a value.\n\n${USAGE}`;
      schema = value;
    } else if (arg.startsWith("--schema=")) schema = arg.slice("--schema=".length);
    else if (arg.startsWith("-")) return `Unknown option ${arg}.\n\n${USAGE}`;
    else positional.push(arg);
  }
  const [action, connectionString, ...rest] = positional;
  if ((action !== "migrate" && action !== "status") || !connectionString || rest.length > 0) return USAGE;
  return { action, connectionString, schema };
}

async function run(command: Command): Promise<number> {
  const where = `schema "${command.schema}" at ${describeConnectionString(command.connectionString)}`;
  const client = new pg.Client({ connectionString: command.connectionString, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    if (command.action === "migrate") {
      const applied = await migrate(client, { schema: command.schema });
      if (applied.length === 0) console.log(`${where} is up to date (version ${SCHEMA_VERSION}); nothing to apply.`);
      for (const version of applied)
        console.log(`Applied migration ${version} (${MIGRATIONS.find((migration) => migration.version === version)?.name ?? "?"}) to ${where}.`);
      if (applied.length > 0) console.log(`${where} is now at version ${SCHEMA_VERSION}.`);
      return 0;
    }
    const status = await schemaStatus(client, { schema: command.schema });
    console.log(`${where}:`);
    for (const migration of status.applied) console.log(`  applied  ${migration.version} ${migration.name} (${new Date(migration.appliedAt).toISOString()})`);
    for (const migration of status.pending) console.log(`  pending  ${migration.version} ${migration.name}`);
    if (status.newer.length > 0) {
      console.log(`  newer    ${status.newer.join(", ")} (migrated by a newer @baton/storage-postgres; this one knows up to ${SCHEMA_VERSION})`);
      return 1;
    }
    if (status.pending.length > 0) {
      console.log(
        `${status.pending.length} migration(s) pending: run baton-storage-postgres migrate <connection-string>${command.schema === "public" ? "" : ` --schema ${command.schema}`}`,
      );
      return 3;
    }
    console.log(`Up to date (version ${SCHEMA_VERSION}).`);
    return 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const command = parse(process.argv.slice(2));
if (typeof command === "string") {
  const help = command === USAGE && (process.argv.includes("--help") || process.argv.includes("-h"));
  (help ? console.log : console.error)(command);
  process.exitCode = help ? 0 : 2;
} else {
  run(command).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message || String((error as { code?: string }).code) : String(error);
      console.error(`baton-storage-postgres ${command.action} failed: ${redactText(message, passwordsOf(command.connectionString))}`);
      process.exitCode = 1;
    },
  );
}
