#!/usr/bin/env node
/**
 * `baton-storage-sqlite migrate <file>`: applies missing migrations (creating the file).
 * `baton-storage-sqlite status <file>`: prints the applied and pending migrations.
 * Exit code 0 on success (for `status`: the schema is current), 1 on an error, 2 when
 * `status` finds migrations pending or a newer schema.
 */
import { runCli } from "./run-cli.js";

process.exitCode = runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
