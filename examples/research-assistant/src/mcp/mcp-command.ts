/** An MCP server to start, as `--mcp "<command line>"` gives it. */
export interface McpServerSpec {
  /** Names the server and its tools' prefix (`<name>_<tool>`): given as `name:`, or made from the command line. */
  readonly name: string;
  /** The program to run, e.g. `npx` or `node`. */
  readonly command: string;
  /** Its arguments. */
  readonly args: readonly string[];
  /** `KEY=value` words before the command: variables for the server (the SDK passes it only `PATH`, `HOME`, … otherwise). */
  readonly env: Readonly<Record<string, string>>;
  /** The command line as given, for messages. */
  readonly commandLine: string;
}

/** A command line that cannot be split or names no command. */
export class McpCommandError extends Error {
  override readonly name = "McpCommandError";
}

/**
 * Splits a command line into words as a POSIX shell does, without expansions:
 * whitespace separates words; `'…'` keeps everything literally; `"…"` keeps everything
 * but `\"`, `\\`, `` \` `` and `\$`, which lose their backslash; outside quotes a
 * backslash keeps the next character. `""` is an empty word.
 * @throws McpCommandError for an unterminated quote or a trailing backslash.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (char === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new McpCommandError(`Unterminated ' in ${JSON.stringify(line)}.`);
      word += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (char === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === "\\" && j + 1 < line.length && '"\\$`'.includes(line[j + 1]!)) j++;
        word += line[j];
      }
      if (j >= line.length) throw new McpCommandError(`Unterminated " in ${JSON.stringify(line)}.`);
      inWord = true;
      i = j;
    } else if (char === "\\") {
      if (i + 1 >= line.length) throw new McpCommandError(`Trailing \\ in ${JSON.stringify(line)}.`);
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** Programs that run another one: the server's name comes from what they run. */
const RUNNERS = new Set([
  "npx",
  "pnpx",
  "bunx",
  "uvx",
  "pipx",
  "uv",
  "pnpm",
  "yarn",
  "npm",
  "bun",
  "deno",
  "node",
  "tsx",
  "python",
  "python3",
  "docker",
  "podman",
]);
/** Subcommands of runners (`uv run x`, `pnpm dlx x`, `docker run image`). */
const SUBCOMMANDS = new Set(["run", "exec", "dlx", "x", "tool"]);

/**
 * The server's name from its command line: the package, script or image a runner
 * (`npx`, `uvx`, `node`, `docker run`, …) starts, else the command, without scope,
 * folders, version, extension and the usual `server-` / `mcp-server-` / `-mcp` parts,
 * in lower case with `_` for anything but letters and digits:
 * `npx -y @modelcontextprotocol/server-filesystem /tmp` → `filesystem`,
 * `uvx mcp-server-fetch` → `fetch`, `node ./weather-server.mjs` → `weather`.
 */
export function serverNameFrom(command: string, args: readonly string[]): string {
  let subject = command;
  if (RUNNERS.has(baseName(command).replace(/\.exe$/i, ""))) {
    const found = args.find((arg) => !arg.startsWith("-") && !SUBCOMMANDS.has(arg));
    if (found !== undefined) subject = found;
  }
  const name = baseName(subject.replace(/(.)@[^/@]*$/, "$1")) // a version: pkg@latest
    .replace(/\.(m?[jt]s|c[jt]s|py)$/i, "")
    .toLowerCase()
    .replace(/^(mcp[-_]server[-_]|server[-_]|mcp[-_])/, "")
    .replace(/([-_]mcp[-_]server|[-_]server|[-_]mcp)$/, "")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return name === "" ? "mcp" : name.slice(0, 24);
}

function baseName(path: string): string {
  return path.split(/[\\/]/).at(-1) ?? path;
}

/**
 * Reads one `--mcp` value: `[name:] [KEY=value …] command [args…]`, split as
 * {@link splitCommandLine} does. Without `name:`, the name is made by {@link serverNameFrom}.
 * @throws McpCommandError for a line that cannot be split, names no command, or a bad name.
 */
export function parseMcpCommand(commandLine: string): McpServerSpec {
  const words = splitCommandLine(commandLine);
  let name: string | undefined;
  if (words[0] !== undefined && /^[^=\s]*:$/.test(words[0]) && !words[0].includes("/")) {
    name = words.shift()!.slice(0, -1);
    if (!/^[A-Za-z][A-Za-z0-9_-]{0,23}$/.test(name)) {
      throw new McpCommandError(`The MCP server name "${name}" must be a letter, then up to 23 letters, digits, "_" or "-".`);
    }
  }
  const env: Record<string, string> = {};
  while (words[0] !== undefined && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) {
    const assignment = words.shift()!;
    const equals = assignment.indexOf("=");
    env[assignment.slice(0, equals)] = assignment.slice(equals + 1);
  }
  const [command, ...args] = words;
  if (command === undefined || command === "") throw new McpCommandError(`--mcp needs a command, e.g. --mcp "npx -y @modelcontextprotocol/server-everything".`);
  return { name: name ?? serverNameFrom(command, args), command, args, env, commandLine: commandLine.trim() };
}

/** The specs with unique names: a repeated name gets `_2`, `_3`, … */
export function uniqueNames(specs: readonly McpServerSpec[]): McpServerSpec[] {
  const taken = new Set<string>();
  return specs.map((spec) => {
    let name = spec.name;
    for (let n = 2; taken.has(name); n++) name = `${spec.name}_${n}`;
    taken.add(name);
    return name === spec.name ? spec : { ...spec, name };
  });
}
