import { ERROR_CODES } from "@baton/core";
import { CliError } from "../errors/cli-error.js";

/**
 * A part of the command that needs packages it does not install itself (optional peer
 * dependencies): a provider other than OpenAI, a storage other than SQLite.
 */
export interface OptionalPart {
  /** What needs the packages, as the error says it: `The anthropic provider`. */
  readonly purpose: string;
  /** The packages to install, in the order the error names them. */
  readonly packages: readonly string[];
}

/** The Anthropic provider: its adapter and the official SDK. */
export const ANTHROPIC_PART: OptionalPart = { purpose: "The anthropic provider", packages: ["@baton/anthropic", "@anthropic-ai/sdk"] };
/** The Google provider: its adapter and the official SDK. */
export const GOOGLE_PART: OptionalPart = { purpose: "The google provider", packages: ["@baton/google", "@google/genai"] };
/** PostgreSQL storage: its adapter, and the `pg` driver `baton migrate` connects with. */
export const POSTGRES_PART: OptionalPart = { purpose: "PostgreSQL storage", packages: ["@baton/storage-postgres", "pg"] };
/** Redis storage (its adapter brings the `ioredis` client). */
export const REDIS_PART: OptionalPart = { purpose: "Redis storage", packages: ["@baton/storage-redis"] };

/** The package an `ERR_MODULE_NOT_FOUND` error says is missing, if that is what `error` is. */
export function missingPackageOf(error: unknown): string | undefined {
  if ((error as { code?: unknown } | undefined)?.code !== "ERR_MODULE_NOT_FOUND") return undefined;
  return /Cannot find package '([^']+)'/.exec(String((error as Error).message))?.[1];
}

/**
 * Imports a module of an optional part (`load`, a dynamic `import()`). When one of the
 * part's packages is not installed, fails with a `CliError` (`INVALID_CONFIGURATION`)
 * that names the packages to install and how, instead of Node's resolution error; any
 * other failure is thrown as it is.
 *
 * @example
 * const { createAnthropicProvider } = await importOptional(() => import("@baton/anthropic"), ANTHROPIC_PART);
 */
export async function importOptional<T>(load: () => Promise<T>, part: OptionalPart): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = missingPackageOf(error);
    if (missing === undefined || !part.packages.includes(missing)) throw error;
    const names = part.packages.join(" ");
    const flags = ["@baton/cli", ...part.packages].map((name) => `-p ${name}`).join(" ");
    throw new CliError(
      ERROR_CODES.INVALID_CONFIGURATION,
      `${part.purpose} needs ${names}, which @baton/cli does not install by itself (${missing} is missing): ` +
        `install it beside the command (npm i -g @baton/cli ${names}, or npm i ${names} in the project that has @baton/cli), ` +
        `or run it once with npx ${flags} baton ….`,
      { cause: error },
    );
  }
}
