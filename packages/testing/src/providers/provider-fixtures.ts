import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { ProviderProtocol } from "./provider-protocol.js";

/**
 * The folder of recorded provider streams shipped with `@baton/testing` (found from the
 * package's own manifest, so it is the same from its sources and from its bundled build).
 */
export const PROVIDER_FIXTURES_DIR = `${join(dirname(createRequire(import.meta.url).resolve("@baton/testing/package.json")), "fixtures", "providers")}/`;

/**
 * The recorded stream `name` of a protocol, as its JSON lines (the `data:` of each
 * server-sent event, in order).
 *
 * @example
 * const chunks = loadProviderFixture("anthropic", "anthropic-text");
 */
export function loadProviderFixture(protocol: ProviderProtocol, name: string): string[] {
  const file = `${PROVIDER_FIXTURES_DIR}${protocol}/${name.endsWith(".chunks.txt") ? name : `${name}.chunks.txt`}`;
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0);
}

/** Names (without `.chunks.txt`) of every recorded stream of a protocol. */
export function listProviderFixtures(protocol: ProviderProtocol): string[] {
  return readdirSync(`${PROVIDER_FIXTURES_DIR}${protocol}`)
    .filter((file) => file.endsWith(".chunks.txt"))
    .map((file) => file.slice(0, -".chunks.txt".length))
    .sort();
}

/** A whole JSON file of the fixtures (such as `google/google-429-retry-info.json`). */
export function loadProviderJson(protocol: ProviderProtocol, file: string): unknown {
  return JSON.parse(readFileSync(`${PROVIDER_FIXTURES_DIR}${protocol}/${file}`, "utf8")) as unknown;
}
