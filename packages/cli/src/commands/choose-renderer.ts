import { JsonRenderer } from "../render/json-renderer.js";
import { PlainRenderer } from "../render/plain-renderer.js";
import type { RunRenderer } from "../render/run-renderer.js";
import type { CommandIo } from "./command-io.js";

/** How a run is shown: `json` (NDJSON events), `tty` (live progress) or `plain` (lines). */
export type OutputMode = "json" | "tty" | "plain";

/** `--json` wins; otherwise live progress when standard output is a terminal, plain lines when not. */
export function outputMode(json: boolean | undefined, io: CommandIo): OutputMode {
  if (json) return "json";
  return io.stdout.isTTY ? "tty" : "plain";
}

/** The renderer of a mode (the terminal one is imported only when used). */
export async function createRenderer(mode: OutputMode, io: CommandIo, color: boolean): Promise<RunRenderer> {
  const write = (text: string): void => void io.stdout.write(text);
  if (mode === "json") return new JsonRenderer(write, (text) => void io.stderr.write(text));
  if (mode === "plain") return new PlainRenderer(write);
  const { TtyRenderer } = await import("../render/tty-renderer.js");
  return new TtyRenderer(io.stdout, color && io.env.NO_COLOR === undefined);
}
