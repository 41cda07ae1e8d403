import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** A Verdaccio registry on loopback, with its storage in a temporary folder. */
export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** Stops the registry process and removes its storage. */
  stop(): Promise<void>;
}

const PROCESS_SCRIPT = fileURLToPath(new URL("./verdaccio-process.mjs", import.meta.url));

/**
 * Starts Verdaccio (src/verdaccio-process.mjs) in a child process on 127.0.0.1 and a
 * free port: `@baton/*` only from what is published to it, everything else through
 * its uplink to the public npm registry; anyone on loopback may publish.
 */
export async function startLocalRegistry(): Promise<LocalRegistry> {
  const storage = mkdtempSync(join(tmpdir(), "baton-registry-"));
  const child = fork(PROCESS_SCRIPT, [storage], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const remove = () => rmSync(storage, { recursive: true, force: true });
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      child.once("message", (message) => resolve((message as { port: number }).port));
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`the registry process exited with ${code} before listening`)));
    });
  } catch (error) {
    remove();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(killer);
      }
      remove();
    },
  };
}
