#!/usr/bin/env node
/**
 * The `baton` executable: runs `main` with the process's arguments and exits with its
 * code once the output is written.
 * @packageDocumentation
 */
import module from "node:module";

// Node 22.1+ caches compiled code between runs (a faster start); older versions lack it.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// A reader that went away (`baton run … | head -1`) closes standard output: the run stops
// (see executeRun), what is left to print is dropped, and the command ends quietly.
process.stdout.on("error", () => undefined);
const { main } = await import("./main.js");
const code = await main(process.argv.slice(2));
// Open handles (a provider's keep-alive sockets, a spinner timer) must not keep the process alive.
process.stdout.write("", () => process.exit(code));
