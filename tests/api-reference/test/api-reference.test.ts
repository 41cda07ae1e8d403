import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { publishedPackages } from "../generate.mjs";

/** Runs the generator in its own process (TypeDoc works for a minute or two without yielding) and collects its output. */
function generate(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL("../generate.mjs", import.meta.url))], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

it("TypeDoc builds the API reference of every published package with every export documented and every link resolved", async () => {
  expect(publishedPackages().length).toBeGreaterThan(15);
  const { code, output } = await generate();
  expect(output).toContain(`API reference: ${publishedPackages().length} packages written`);
  expect(code, output).toBe(0);
});
