import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../src/repository.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A vitest JSON report's test entry. */
function testEntry(fullName: string, status: "passed" | "failed" | "pending", failureMessages: string[] = []) {
  return { ancestorTitles: [], fullName, status, title: fullName, duration: 1, failureMessages, meta: {} };
}

/** Writes `<root>/<project>/test-results/vitest.json` with these files' results. */
function writeReport(root: string, project: string, files: { name: string; status: string; message?: string; tests: ReturnType<typeof testEntry>[] }[]): void {
  const tests = files.flatMap((file) => file.tests);
  const count = (status: string) => tests.filter((test) => test.status === status).length;
  const report = {
    numPassedTests: count("passed"),
    numFailedTests: count("failed"),
    numPendingTests: count("pending"),
    numTodoTests: 0,
    testResults: files.map((file) => ({
      name: join(root, project, file.name),
      status: file.status,
      message: file.message ?? "",
      assertionResults: file.tests,
    })),
  };
  mkdirSync(join(root, project, "test-results"), { recursive: true });
  writeFileSync(join(root, project, "test-results", "vitest.json"), JSON.stringify(report));
}

/** Runs the script on `root` and expects its exit code and exactly these lines on stdout. */
function expectSummary(root: string, status: number, lines: readonly string[]): void {
  const summary = spawnSync(process.execPath, [join(REPOSITORY_ROOT, "scripts", "test-summary.mjs"), root], { encoding: "utf8" });
  expect(summary.stdout).toBe([...lines, ""].join("\n"));
  expect(summary.status).toBe(status);
}

describe("scripts/test-summary.mjs", () => {
  it("sums every project's report; a failed run ends by naming each failed test and file with its error's first lines", () => {
    const root = mkdtempSync(join(tmpdir(), "baton-test-summary-test-"));
    folders.push(root);
    writeReport(root, "packages/alpha", [
      { name: "test/a.test.ts", status: "passed", tests: [testEntry("a works", "passed"), testEntry("a later", "pending")] },
    ]);
    writeReport(root, "examples/beta", [
      {
        name: "test/b.test.ts",
        status: "failed",
        tests: [
          testEntry("b passes", "passed"),
          testEntry("b > caps runs", "failed", [
            "\u001b[31mError: POST /api/runs answered 429\u001b[39m\n\n    at postRun (run-api.ts:20:3)\n    at 2\n    at 3\n    at 4\n    at 5\n    at 6",
          ]),
        ],
      },
      { name: "test/c.test.ts", status: "failed", message: "Hook timed out in 60000ms.", tests: [] },
    ]);

    expectSummary(root, 1, [
      "  packages/alpha                        1 passed, 0 failed",
      "  examples/beta                         1 passed, 1 failed",
      "failed:",
      "  examples/beta/test/b.test.ts > b > caps runs",
      "      Error: POST /api/runs answered 429",
      "          at postRun (run-api.ts:20:3)",
      "          at 2",
      "          at 3",
      "          at 4",
      "          at 5",
      "  examples/beta/test/c.test.ts",
      "      Hook timed out in 60000ms.",
      "tests: 2 passed, 1 failed, 1 skipped",
    ]);

    writeReport(root, "examples/beta", [{ name: "test/b.test.ts", status: "passed", tests: [testEntry("b passes", "passed")] }]);
    expectSummary(root, 0, [
      "  packages/alpha                        1 passed, 0 failed",
      "  examples/beta                         1 passed, 0 failed",
      "tests: 2 passed, 0 failed, 1 skipped",
    ]);
  });
});
