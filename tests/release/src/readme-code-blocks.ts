/** A TypeScript code block of a README. */
export interface ReadmeCodeBlock {
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The info string after the fence (`ts`, `typescript`, …). */
  readonly info: string;
  readonly code: string;
  /** False for a block whose first line is a `// not compiled: <why>` comment. */
  readonly compiles: boolean;
}

/**
 * The first line of a block that is not meant to compile on its own, followed by why:
 * `// not compiled: continues the example above (agent, provider)`.
 */
export const NOT_COMPILED_MARKER = /^\/\/\s*not compiled\b/i;

/** A closing fence: only the opening fence's character, at least as many times. */
function closesFence(line: string, fence: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= fence.length && trimmed === fence.charAt(0).repeat(trimmed.length);
}

const TYPESCRIPT_LANGUAGES = new Set(["ts", "typescript"]);

/**
 * The ```` ```ts ```` / ```` ```typescript ```` blocks of a Markdown text, in order.
 * A block that opens with a `// not compiled: <why>` line (a fragment that continues
 * an earlier example, or shows a shape rather than a program) is returned with
 * `compiles: false`.
 */
export function readmeCodeBlocks(markdown: string): ReadmeCodeBlock[] {
  const lines = markdown.split("\n");
  const blocks: ReadmeCodeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(.*)$/.exec(lines[index]!);
    if (!open) continue;
    const [, indent, fence, info] = open as unknown as [string, string, string, string];
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !closesFence(lines[end]!, fence)) {
      body.push(lines[end]!.startsWith(indent) ? lines[end]!.slice(indent.length) : lines[end]!);
      end++;
    }
    const language = info.trim().split(/\s+/)[0]!.toLowerCase();
    if (TYPESCRIPT_LANGUAGES.has(language)) {
      const firstLine = body.find((line) => line.trim() !== "")?.trim() ?? "";
      blocks.push({ line: index + 1, info: info.trim(), code: `${body.join("\n")}\n`, compiles: !NOT_COMPILED_MARKER.test(firstLine) });
    }
    index = end;
  }
  return blocks;
}
