import { readFileSync } from "node:fs";
import { Command, Option } from "commander";
import type { CommandIo } from "./commands/command-io.js";

/** The package's version (from its package.json), printed by `baton --version`. */
export const VERSION: string = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

const collect = (value: string, previous: readonly string[] | undefined): string[] => [...(previous ?? []), value];

/** What a command's action resolves with: the exit code. */
/** Ends the program with an exit code (`process.exit`, or a test's stand-in). */
export type Exit = (code: number) => void;

/**
 * The `baton` command line: `run`, `resume`, `runs`, `show`, `migrate`. Each
 * command's module (and the providers and storage drivers it uses) is imported only
 * when that command runs. Parse errors throw commander's `CommanderError` (no exit).
 */
export function createProgram(io: CommandIo, exit: Exit): Command {
  const program = new Command("baton")
    .description("Run JSON agent templates, resume and inspect stored runs, migrate the SQL stores.")
    .version(VERSION, "-v, --version")
    .showHelpAfterError("(run baton --help for usage)")
    .exitOverride()
    .configureOutput({ writeOut: (text) => void io.stdout.write(text), writeErr: (text) => void io.stderr.write(text) });
  const storage = (): Option =>
    new Option("-s, --storage <target>", "sqlite:<path>, postgres://… or redis://… (default: $BATON_STORAGE, else sqlite:.baton/runs.db)");
  const provider = (): Option => new Option("-p, --provider <name>", "openai, anthropic or google (default: the first whose API key is set)");

  program
    .command("run")
    .description("run an agent template on a question, with live progress")
    .argument("<template>", "agent template (JSON file)")
    .argument("<question>", "what to ask the agent")
    .addOption(provider())
    .addOption(storage())
    .option("--json", "print the run's events as NDJSON, one per line")
    .option("-t, --tools <module>", "a JavaScript module exporting more tools (repeatable)", collect)
    .option("-a, --agent <template>", "another agent template, offered as a tool named after its agent: a sub-agent (repeatable)", collect)
    .option("--require-approval <tool>", "pause before calls of this tool until approved with baton resume --approve (repeatable)", collect)
    .option("--no-color", "no colours in the terminal")
    .action(
      async (
        template: string,
        question: string,
        options: { provider?: string; storage?: string; json?: boolean; tools?: string[]; agent?: string[]; requireApproval?: string[]; color: boolean },
      ) => {
        const { runCommand } = await import("./commands/run-command.js");
        exit(await runCommand(template, question, options, io));
      },
    );

  program
    .command("resume")
    .description("continue a stored run (after Ctrl-C, a crash, a pause for approval, or a call in doubt)")
    .argument("<run-id>", "the run's id (see baton runs)")
    .addOption(provider())
    .addOption(storage())
    .option("--approve <id>", "approve a waiting tool call (repeatable)", collect)
    .option("--reject <id>", "reject a waiting tool call (repeatable)", collect)
    .option("--run-again <id>", "run a call in doubt again: it did not run, or may run twice (repeatable)", collect)
    .option("--result <id=json>", "a call in doubt did run: the result the model reads (repeatable)", collect)
    .option("--fail <id>", "fail a call in doubt (repeatable; --reason tells the model why)", collect)
    .option("--reason <text>", "why the rejected or failed calls were rejected (the model reads it)")
    .option("--json", "print the run's events as NDJSON, one per line")
    .option("--no-color", "no colours in the terminal")
    .action(
      async (
        runId: string,
        options: {
          provider?: string;
          storage?: string;
          json?: boolean;
          approve?: string[];
          reject?: string[];
          runAgain?: string[];
          result?: string[];
          fail?: string[];
          reason?: string;
          color: boolean;
        },
      ) => {
        const { resumeCommand } = await import("./commands/resume-command.js");
        exit(await resumeCommand(runId, options, io));
      },
    );

  program
    .command("runs")
    .description("list the stored runs with their status, tokens and cost")
    .addOption(storage())
    .option("--json", "print them as JSON")
    .action(async (options: { storage?: string; json?: boolean }) => {
      const { runsCommand } = await import("./commands/runs-command.js");
      exit(await runsCommand(options, io));
    });

  program
    .command("show")
    .description("show a stored run's conversation and tool calls")
    .argument("<run-id>", "the run's id (see baton runs)")
    .addOption(storage())
    .option("--json", "print the stored run state as JSON")
    .action(async (runId: string, options: { storage?: string; json?: boolean }) => {
      const { showCommand } = await import("./commands/show-command.js");
      exit(await showCommand(runId, options, io));
    });

  program
    .command("migrate")
    .description("create or update the tables of a SQL store (SQLite, PostgreSQL)")
    .addOption(storage())
    .option("--schema <name>", "PostgreSQL schema holding Baton's tables", "public")
    .action(async (options: { storage?: string; schema?: string }) => {
      const { migrateCommand } = await import("./commands/migrate-command.js");
      exit(await migrateCommand(options, io));
    });

  return program;
}
