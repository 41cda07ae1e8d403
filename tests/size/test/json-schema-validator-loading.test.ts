import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../src/package-entries.mjs";

/**
 * A fresh Node process imports core, loop and tools, defines a zod tool, validates
 * its arguments, then defines a JSON Schema tool; after each step it records which of
 * the validator's modules Node has loaded so far (Ajv is CommonJS, so it shows in
 * `require.cache`).
 */
const SCRIPT = `
import { createRequire } from "node:module";
import "@baton/core";
import "@baton/loop";
import { defineTool } from "@baton/tools";
import { z } from "zod";
const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((path) => /[\\\\/]node_modules[\\\\/](ajv|fast-uri)[\\\\/]/.test(path)).length > 0;
const steps = { imported: loaded() };
const lookup = defineTool({ name: "lookup", description: "Looks up.", parameters: z.object({ q: z.string() }), execute: ({ q }) => q });
steps.zodChecks = [lookup.validate({ q: "a" }), lookup.validate({})];
steps.afterZodTool = loaded();
const search = defineTool({ name: "search", description: "Searches.", parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] }, execute: (args) => args });
steps.afterJsonSchemaTool = loaded();
steps.jsonSchemaCheck = search.validate({});
process.stdout.write(JSON.stringify(steps));
`;

describe("the JSON Schema validator", () => {
  it("loads with the first JSON Schema tool, not with the packages nor with zod tools", () => {
    const output = execFileSync(process.execPath, ["--input-type=module", "--eval", SCRIPT], {
      cwd: join(REPOSITORY_ROOT, "tests", "size"),
      encoding: "utf8",
    });
    expect(JSON.parse(output)).toStrictEqual({
      imported: false,
      zodChecks: [
        { success: true, value: { q: "a" } },
        { success: false, issues: [expect.stringMatching(/^q: /)] },
      ],
      afterZodTool: false,
      afterJsonSchemaTool: true,
      jsonSchemaCheck: { success: false, issues: ["q: Required"] },
    });
  });
});
