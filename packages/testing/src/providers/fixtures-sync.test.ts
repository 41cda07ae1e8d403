import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PROVIDER_FIXTURES_DIR } from "./provider-fixtures.js";

/**
 * The recorded streams are copied from the shared folder beside the checkout
 * (`shared/fixtures/providers`, or `BATON_SHARED_FIXTURES`) so the package and a clean clone carry them.
 * Where that folder is found, the copies must match it: an updated recording must be copied in.
 */
function findShared(): string {
  if (process.env.BATON_SHARED_FIXTURES) return process.env.BATON_SHARED_FIXTURES;
  // The checkout's parent folders, nearest first: the shared folder sits beside the checkout.
  let dir = fileURLToPath(new URL(".", import.meta.url));
  for (;;) {
    const candidate = join(dir, "shared", "fixtures", "providers");
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return candidate;
    dir = parent;
  }
}

const SHARED = findShared();
const protocols = ["anthropic", "google", "openai-chat", "openai-responses"];

describe.skipIf(!existsSync(SHARED))("recorded provider streams", () => {
  it.each(protocols)("%s: the copies equal the shared recordings, file for file", (protocol) => {
    const shared = readdirSync(`${SHARED}/${protocol}`).sort();
    expect(readdirSync(`${PROVIDER_FIXTURES_DIR}${protocol}`).sort()).toEqual(shared);
    for (const file of shared)
      expect(readFileSync(`${PROVIDER_FIXTURES_DIR}${protocol}/${file}`, "utf8"), file).toBe(readFileSync(`${SHARED}/${protocol}/${file}`, "utf8"));
  });
});
