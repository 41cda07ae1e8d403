import { describe, expect, it } from "vitest";
import * as baton from "./index.js";
import * as core from "@baton/core";
import * as loop from "@baton/loop";
import * as tools from "@baton/tools";

describe("baton", () => {
  it("re-exports every runtime export of @baton/core, @baton/loop and @baton/tools", () => {
    for (const source of [core, loop, tools]) {
      for (const [name, value] of Object.entries(source)) expect(baton[name as keyof typeof baton], name).toBe(value);
    }
  });

  it("adds createAgent", () => {
    expect(typeof baton.createAgent).toBe("function");
  });
});
