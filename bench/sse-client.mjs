// Starts sse-server.mjs in a child process and returns its URL.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** Starts the benchmark SSE server; resolves with its URL and a `stop()` function. */
export function startSseServer() {
  const child = spawn(process.execPath, [join(here, "sse-server.mjs")], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.stdout.once("data", (chunk) => {
      resolve({ url: `http://127.0.0.1:${String(chunk).trim()}`, stop: () => child.kill() });
    });
  });
}
