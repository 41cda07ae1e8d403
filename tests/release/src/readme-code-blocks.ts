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

/** A fenced code block of a Markdown text, in any language. */
export interface FencedBlock {
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** 1-based line of the closing fence (the last line of the text when it is not closed). */
  readonly endLine: number;
  /** The info string after the fence. */
  readonly info: string;
  /** The first word of the info string, in lower case (`""` when there is none). */
  readonly language: string;
  readonly code: string;
}

/** The fenced blocks of a Markdown text, in order, their code without the indentation of their fence. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split("\n");
  const blocks: FencedBlock[] = [];
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
    blocks.push({ line: index + 1, endLine: Math.min(end, lines.length - 1) + 1, info: info.trim(), language, code: `${body.join("\n")}\n` });
    index = end;
  }
  return blocks;
}

/**
 * The ```` ```ts ```` / ```` ```typescript ```` blocks of a Markdown text, in order.
 * A block that opens with a `// not compiled: <why>` line (a fragment that continues
 * an earlier example, or shows a shape rather than a program) is returned with
 * `compiles: false`.
 */
export function readmeCodeBlocks(markdown: string): ReadmeCodeBlock[] {
  return fencedBlocks(markdown)
    .filter((block) => TYPESCRIPT_LANGUAGES.has(block.language))
    .map(({ line, info, code }) => {
      const firstLine =
        code
          .split("\n")
          .find((text) => text.trim() !== "")
          ?.trim() ?? "";
      return { line, info, code, compiles: !NOT_COMPILED_MARKER.test(firstLine) };
    });
}
