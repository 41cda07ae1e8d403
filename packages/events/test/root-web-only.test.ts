import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as root from "../src/index.js";
import * as node from "../src/node/index.js";

const source = (path: string): string => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

/** Type errors of `entry` (and everything it imports) compiled for a Web runtime: DOM types, no `@types/node`. */
function webTypeErrors(entry: string): string[] {
  const program = ts.createProgram([entry], {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    types: [],
    skipLibCheck: false,
    noEmit: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

describe("@baton/events root: Web standards only; the Node writers are @baton/events/node", () => {
  it("type-checks without @types/node (DOM and ES libraries only)", () => {
    expect(webTypeErrors(source("index.ts"))).toEqual([]);
  });

  it("the Node subpath does need Node's types (it is the part that was moved out)", () => {
    expect(webTypeErrors(source("node/index.ts")).some((error) => error.includes("node:http"))).toBe(true);
  });

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
