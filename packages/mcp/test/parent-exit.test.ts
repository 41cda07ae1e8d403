import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { waitFor } from "@baton/testing";
import { isRunning, STDIO_SERVER } from "./support/fixtures.js";

const PARENT = fileURLToPath(new URL("./fixtures/exiting-parent.mjs", import.meta.url));

/** Runs the parent script to its end and returns the server pid it printed and how it ended. */
function runParent(end: "exit" | "throw"): Promise<{ pid: number; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PARENT], { env: { ...process.env, STDIO_SERVER, PARENT_END: end }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => {
      const match = /PID (\d+)/.exec(stdout);
      if (match === null) reject(new Error(`The parent printed no server pid (code ${code}).\n${stderr}`));
      else resolve({ pid: Number(match[1]), code, stderr });
    });
  });
}

describe("no orphan server processes when the parent ends", () => {
  it("a parent that calls process.exit() without closing its connection takes its stdio server with it", { timeout: 90_000 }, async () => {
    const { pid, code } = await runParent("exit");
    expect(code).toBe(0);
    await waitFor("the server process to end", () => !isRunning(pid), 20_000);
  });

  it("a parent that crashes with an uncaught error takes its stdio server with it", { timeout: 90_000 }, async () => {
    const { pid, code, stderr } = await runParent("throw");
    expect(code).not.toBe(0);
    expect(stderr).toContain("the parent crashed");
    await waitFor("the server process to end", () => !isRunning(pid), 20_000);
  });
});
