import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as root from "../src/index.js";
import * as node from "../src/node/index.js";

const source = (path: string): string => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

const execFileAsync = promisify(execFile);

/** The entries compiled for a Web runtime: the root, and the Node subpath. */
const WEB_ENTRIES = ["index.ts", "node/index.ts"] as const;

/**
 * Type errors of each of {@link WEB_ENTRIES} (and everything it imports), each compiled
 * for a Web runtime: DOM types, no `@types/node`. The compiler runs once, in a child
 * process, for both (each file parsed once): a whole program checked without
 * `skipLibCheck` takes seconds, and on a busy machine long enough that a worker blocked
 * by it would stop answering the test runner. Asked for by the first test that needs it.
 */
let webTypeErrorsOfEntries: Promise<Record<(typeof WEB_ENTRIES)[number], string[]>> | undefined;

/** The type errors of `entry` compiled for a Web runtime (see {@link webTypeErrorsOfEntries}). */
async function webTypeErrors(entry: (typeof WEB_ENTRIES)[number]): Promise<string[]> {
  webTypeErrorsOfEntries ??= (async () => {
    const script = fileURLToPath(new URL("./support/web-type-errors.mjs", import.meta.url));
    const { stdout } = await execFileAsync(process.execPath, [script, ...WEB_ENTRIES.map(source)], { maxBuffer: 16 * 1024 * 1024 });
    const [root, node] = JSON.parse(stdout) as [string[], string[]];
    return { "index.ts": root, "node/index.ts": node };
  })();
  return (await webTypeErrorsOfEntries)[entry];
}

/** How long one program check may take on a busy machine. */
const TYPE_CHECK_TIMEOUT_MS = 180_000;

describe("@baton/events root: Web standards only; the Node writers are @baton/events/node", () => {
  it(
    "type-checks without @types/node (DOM and ES libraries only)",
    async () => {
      expect(await webTypeErrors("index.ts")).toEqual([]);
    },
    TYPE_CHECK_TIMEOUT_MS,
  );

  it(
    "the Node subpath does need Node's types (it is the part that was moved out)",
    async () => {
      expect((await webTypeErrors("node/index.ts")).some((error) => error.includes("node:http"))).toBe(true);
    },
    TYPE_CHECK_TIMEOUT_MS,
  );

  it("exports sendSse and createSseHandler from ./node only, with the stream defaults in both", () => {
    expect(Object.keys(node).sort()).toEqual(["DEFAULT_HEARTBEAT_MS", "DEFAULT_WRITE_TIMEOUT_MS", "createSseHandler", "sendSse"]);
    expect(Object.keys(root)).not.toContain("sendSse");
    expect(Object.keys(root)).not.toContain("createSseHandler");
    expect(root.DEFAULT_WRITE_TIMEOUT_MS).toBe(node.DEFAULT_WRITE_TIMEOUT_MS);
    expect(typeof root.sseResponse).toBe("function");
  });

  it("maps ./node in the package's exports to the built node/index", () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { exports: Record<string, unknown> };
    expect(manifest.exports["./node"]).toEqual({ types: "./dist/node/index.d.ts", import: "./dist/node/index.js", default: "./dist/node/index.js" });
  });

  it("lastEventIdOf reads a Node-shaped request (plain-object headers and a url) without Node types", () => {
    expect(root.lastEventIdOf({ headers: { "last-event-id": "41" }, url: "/runs/1" })).toBe(41);
    expect(root.lastEventIdOf({ headers: {}, url: "/runs/1?lastEventId=7" })).toBe(7);
    expect(root.lastEventIdOf({ "last-event-id": ["3", "5"] })).toBe(5);
    expect(root.lastEventIdOf(new Request("http://x/runs/1", { headers: { "Last-Event-ID": "9" } }))).toBe(9);
  });
});
