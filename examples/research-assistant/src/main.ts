/**
 * Entry point: `node dist/main.js [question…]`. Asks the research assistant the
 * question given on the command line (or the default one) and streams the run to
 * the terminal. Ctrl-C aborts the run.
 */
import { DEFAULT_QUESTION } from "./agent.js";
import { ask } from "./ask.js";

const question = process.argv.slice(2).join(" ").trim() || DEFAULT_QUESTION;
const controller = new AbortController();
process.once("SIGINT", () => controller.abort());

const result = await ask(question, {
  write: (text) => process.stdout.write(text),
  color: process.stdout.isTTY === true,
  chunkDelayMs: 40,
  env: process.env,
  signal: controller.signal,
});
if (result.stopReason !== "completed") process.exitCode = 1;
