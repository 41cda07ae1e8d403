/**
 * Entry point: `node dist/main.js [--conversation <id> | --new] [question…]`. Asks the
 * research assistant the question given on the command line (or the default one) and
 * streams the run to the terminal. The conversation is stored (SQLite under `data/`,
 * or PostgreSQL when `DATABASE_URL` is a `postgres://` URL), so the next run continues
 * it. Ctrl-C aborts the run.
 */
import { DEFAULT_QUESTION } from "./agent.js";
import { ask } from "./ask.js";
import { parseCliArgs, UsageError, type CliArgs } from "./cli-args.js";
import { chooseStorage, type ChosenStorage } from "./storage/choose-storage.js";

let args: CliArgs;
try {
  args = parseCliArgs(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(error.message);
  process.exit(2);
}

let chosen: ChosenStorage;
try {
  chosen = await chooseStorage(process.env);
} catch (error) {
  console.error(`Could not open the conversation storage: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const controller = new AbortController();
process.once("SIGINT", () => controller.abort());

try {
  const result = await ask(args.question || DEFAULT_QUESTION, {
    write: (text) => process.stdout.write(text),
    color: process.stdout.isTTY === true,
    chunkDelayMs: 40,
    env: process.env,
    signal: controller.signal,
    storage: chosen.storage,
    storageLocation: chosen.location,
    conversationId: args.conversationId,
    userId: process.env["USER_ID"]?.trim() || "local-user",
  });
  if (args.isNew) process.stdout.write(`Continue this conversation with --conversation ${args.conversationId}.\n`);
  if (result.stopReason !== "completed") process.exitCode = 1;
} finally {
  await chosen.storage.close();
}
