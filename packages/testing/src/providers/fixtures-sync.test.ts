import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PROVIDER_FIXTURES_DIR } from "./provider-fixtures.js";

/**
 * The recorded streams are copied from the workplace's shared fixtures (`../shared/fixtures/providers`
 * beside the checkout) so the package and a clean clone carry them. Where that folder is present,
 * the copies must match it: an updated recording must be copied in.
 */
const SHARED = process.env.BATON_SHARED_FIXTURES ?? fileURLToPath(new URL("../../../../../shared/fixtures/providers/", import.meta.url));
const protocols = ["anthropic", "google", "openai-chat", "openai-responses"];

describe.skipIf(!existsSync(SHARED))("recorded provider streams", () => {
  it.each(protocols)("%s: the copies equal the shared recordings, file for file", (protocol) => {
    const shared = readdirSync(`${SHARED}/${protocol}`).sort();
    expect(readdirSync(`${PROVIDER_FIXTURES_DIR}${protocol}`).sort()).toEqual(shared);
    for (const file of shared) expect(readFileSync(`${PROVIDER_FIXTURES_DIR}${protocol}/${file}`, "utf8"), file).toBe(readFileSync(`${SHARED}/${protocol}/${file}`, "utf8"));
  });
});
