import { type ConfigurationError, isBatonError, type Tool } from "@baton/core";
import { describe, expect, it } from "vitest";
import { ToolSet } from "../registry/tool-set.js";
import { selectTools } from "./select-tools.js";

function tool(name: string): Tool {
  return { name, description: `${name}.`, parameters: { type: "object", properties: {} }, execute: () => null };
}

const all = ["web_search", "fetch_page", "calculator", "run_sql", "send_email"].map(tool);
const presets = { research: ["web_search", "fetch_page", "calculator"], ops: ["run_sql", "send_email"] };
const names = (tools: readonly Tool[]): string[] => tools.map((t) => t.name);

function configurationErrorOf(run: () => unknown): ConfigurationError {
  try {
    run();
  } catch (error) {
    expect(isBatonError(error, "INVALID_CONFIGURATION")).toBe(true);
    return error as ConfigurationError;
  }
  throw new Error("expected ConfigurationError");
}

describe("selectTools", () => {
  it("returns every tool, in registration order, when nothing is selected", () => {
    expect(names(selectTools(all))).toStrictEqual(names(all));
    expect(names(selectTools(new ToolSet(all), {}))).toStrictEqual(names(all));
  });

  it("applies a built-in preset through the presets the tools declare, unless `presets` redefines it", () => {
    const declared: Tool[] = [
      { ...tool("grep"), preset: "readonly" },
      { ...tool("edit"), preset: "readwrite" },
      { ...tool("bash"), preset: "full" },
      tool("other"),
    ];
    expect(names(selectTools(declared, { preset: "readonly" }))).toEqual(["grep"]);
    expect(names(selectTools(declared, { preset: "readwrite", deny: ["grep"] }))).toEqual(["edit"]);
    expect(names(selectTools(declared, { preset: "full" }))).toEqual(["grep", "edit", "bash"]);
    expect(names(selectTools(declared, { preset: "readonly", presets: { readonly: ["other"] } }))).toEqual(["other"]);
  });

  it("applies a preset, keeping registration order", () => {
    expect(names(selectTools(all, { presets, preset: "research" }))).toStrictEqual(["web_search", "fetch_page", "calculator"]);
  });

  it("applies preset, then allow, then deny", () => {
    // run_sql is allowed but the preset left it out: allow cannot bring it back.
    // calculator is in the preset and allowed, but deny comes last and wins.
    const selected = selectTools(new ToolSet(all), {
      presets,
      preset: "research",
      allow: ["web_search", "calculator", "run_sql"],
      deny: ["calculator"],
    });
    expect(names(selected)).toStrictEqual(["web_search"]);
  });

  it("treats an empty allow list as 'nothing allowed' and an empty deny list as 'nothing denied'", () => {
    expect(selectTools(all, { allow: [] })).toStrictEqual([]);
    expect(names(selectTools(all, { deny: [] }))).toStrictEqual(names(all));
  });

  it("refuses an unknown preset, listing the known ones", () => {
    const error = configurationErrorOf(() => selectTools(all, { presets, preset: "reserch" }));
    expect(error.message).toBe('Unknown tool preset "reserch". Known presets: research, ops, readonly, readwrite, full.');
    expect(configurationErrorOf(() => selectTools(all, { preset: "research" })).message).toBe(
      'Unknown tool preset "research". Known presets: readonly, readwrite, full.',
    );
    expect(configurationErrorOf(() => selectTools(all, { presets, preset: "toString" })).message).toMatch(/Unknown tool preset/);
  });

  it("refuses names that match no tool, naming each and where it came from", () => {
    const error = configurationErrorOf(() =>
      selectTools(all, { presets: { broken: ["web_serch"] }, preset: "broken", allow: ["calculater"], deny: ["send_mail"] }),
    );
    expect(error.message).toBe(
      'Tool selection names unknown tools: "web_serch" (preset), "calculater" (allow), "send_mail" (deny). ' +
        "Registered tools: web_search, fetch_page, calculator, run_sql, send_email.",
    );
    expect(error.details).toStrictEqual({
      unknown: ['"web_serch" (preset)', '"calculater" (allow)', '"send_mail" (deny)'],
      available: names(all),
    });
  });
});
