import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as testingPackage from "@baton/testing";
import * as testing from "./testing.js";
import { createAgent } from "./index.js";

describe("baton/testing", () => {
  it("re-exports every runtime export of @baton/testing", () => {
    for (const [name, value] of Object.entries(testingPackage)) expect(testing[name as keyof typeof testing], name).toBe(value);
  });

  it("is the ./testing entry of the package's exports map, built from src/testing.ts", () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      exports: Record<string, { types: string; import: string }>;
    };
    expect(manifest.exports["./testing"]).toMatchObject({ types: "./dist/testing.d.ts", import: "./dist/testing.js" });
    expect(manifest.exports["."]).toMatchObject({ types: "./dist/index.d.ts", import: "./dist/index.js" });
  });

  it("drives an agent made with createAgent", async () => {
    const agent = createAgent({ provider: testing.scriptedModel(["Hello from the script."]), model: "test" });
    expect((await agent.run("Hi")).text).toBe("Hello from the script.");
  });
});
