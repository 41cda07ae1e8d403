import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as client from "../src/client/index.js";

const here = dirname(fileURLToPath(import.meta.url));

/** Every source file `entry` imports, transitively (relative imports only). */
function importGraph(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const text = readFileSync(file, "utf8");
    files.set(file, text);
    for (const match of text.matchAll(/(?:import|export)[^"']*?from\s+["']([^"']+)["']/g)) {
      const specifier = match[1] as string;
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")));
    }
  };
  visit(entry);
  return files;
}

describe("@baton/events/client", () => {
  it("imports nothing from Node: no node: modules, no Buffer, no process", () => {
    const files = importGraph(resolve(here, "../src/client/index.ts"));
    expect(files.size).toBeGreaterThan(5);
    for (const [file, text] of files) {
      const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      expect({ file, node: /from\s+["']node:/.test(code), buffer: /\bBuffer\b/.test(code), process: /\bprocess\./.test(code) }).toEqual({
        file,
        node: false,
        buffer: false,
        process: false,
      });
      for (const match of code.matchAll(/from\s+["']([^".'][^"']*)["']/g)) expect(["@baton/core", "eventsource-parser"]).toContain(match[1]);
    }
  });

  it("exports the decoder, the reconnecting client, the guards, the errors and their codes", () => {
    expect(Object.keys(client).sort()).toEqual(
      [
        "DEFAULT_MAX_MESSAGE_SIZE",
        "EVENTS_ERROR_CODES",
        "STREAM_EVENT_TYPES",
        "SseConnectionError",
        "SseDecodeError",
        "SseHttpError",
        "decodeSseEvents",
        "isStreamEvent",
        "isStreamEventType",
        "streamEventIssue",
        "eventEnvelopeIssue",
        "streamRunEvents",
      ].sort(),
    );
  });
});
