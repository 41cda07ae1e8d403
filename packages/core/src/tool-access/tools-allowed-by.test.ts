import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../errors/index.js";
import { inToolPreset } from "../tools/tool-access.js";
import { checkToolAccess } from "./check-tool-access.js";
import { restrictsTools, toolsAllowedBy } from "./tools-allowed-by.js";

const read = { name: "read", preset: "readonly" as const };
const write = { name: "write", preset: "readwrite" as const };
const shell = { name: "shell", preset: "full" as const };
const plain = { name: "plain" };
const all = [read, write, shell, plain];

describe("tool access: preset, then allow, then deny", () => {
  it("presets nest: readonly ⊂ readwrite ⊂ full; a tool that declares none is in none", () => {
    expect(toolsAllowedBy(all, { toolPreset: "readonly" }, "a").map((t) => t.name)).toEqual(["read"]);
    expect(toolsAllowedBy(all, { toolPreset: "readwrite" }, "a").map((t) => t.name)).toEqual(["read", "write"]);
    expect(toolsAllowedBy(all, { toolPreset: "full" }, "a").map((t) => t.name)).toEqual(["read", "write", "shell"]);
    expect(inToolPreset(undefined, "full")).toBe(false);
  });

  it("an allow-list keeps only its tools, a deny-list removes its tools and wins", () => {
    expect(toolsAllowedBy(all, { allowedTools: ["plain", "write"] }, "a").map((t) => t.name)).toEqual(["write", "plain"]);
    expect(toolsAllowedBy(all, { toolPreset: "full", allowedTools: ["read", "shell"], disallowedTools: ["shell"] }, "a").map((t) => t.name)).toEqual(["read"]);
    expect(toolsAllowedBy(all, {}, "a")).toEqual(all);
    expect(restrictsTools({})).toBe(false);
    expect(restrictsTools({ disallowedTools: [] })).toBe(false);
    expect(restrictsTools({ toolPreset: "readonly" })).toBe(true);
  });

  it("a preset that does not exist or a name that is none of the tools is a clear error", () => {
    expect(() => toolsAllowedBy(all, { toolPreset: "admin" as never }, 'Agent "x"')).toThrow(ConfigurationError);
    expect(() => toolsAllowedBy(all, { toolPreset: "admin" as never }, 'Agent "x"')).toThrow(
      'Agent "x": unknown toolPreset "admin"; use one of readonly, readwrite, full.',
    );
    expect(() => toolsAllowedBy(all, { disallowedTools: ["rm"] }, 'Agent "x"')).toThrow(
      'Agent "x": disallowedTools names tools it does not have (rm); its tools: read, write, shell, plain.',
    );
  });
});

describe("checkToolAccess", () => {
  it("accepts a well-formed access and rejects lists that are not lists of names", () => {
    expect(() => checkToolAccess({ toolPreset: "readonly", allowedTools: ["read"], disallowedTools: [] }, "a")).not.toThrow();
    expect(() => checkToolAccess({ allowedTools: "read" as never }, 'Agent "x"')).toThrow('Agent "x": allowedTools must be a list of tool names.');
    expect(() => checkToolAccess({ disallowedTools: [1] as never }, 'Agent "x"')).toThrow(ConfigurationError);
  });
});
