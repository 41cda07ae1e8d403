import { ERROR_CODES } from "@baton/core";
import { CliError } from "../errors/cli-error.js";

/** The provider adapters the command can use. */
export type ProviderKind = "openai" | "anthropic" | "google";

/** Every {@link ProviderKind}, in the order the environment is searched. */
export const PROVIDER_KINDS: readonly ProviderKind[] = ["openai", "anthropic", "google"];

/** Which provider to create, and with what (read from the environment, never stored). */
export interface ProviderChoice {
  /** Which adapter. */
  readonly kind: ProviderKind;
  /** The API key, from the environment. */
  readonly apiKey: string;
  /** The API's base URL, when the environment sets one. */
  readonly baseURL?: string;
}

/** The environment variables read for each provider: API keys in order of preference, then the base URL. */
export const PROVIDER_ENVIRONMENT: Readonly<Record<ProviderKind, { readonly keys: readonly string[]; readonly baseURL: string }>> = {
  openai: { keys: ["OPENAI_API_KEY"], baseURL: "OPENAI_BASE_URL" },
  anthropic: { keys: ["ANTHROPIC_API_KEY"], baseURL: "ANTHROPIC_BASE_URL" },
  google: { keys: ["GOOGLE_API_KEY", "GEMINI_API_KEY"], baseURL: "GOOGLE_BASE_URL" },
};

function keyOf(kind: ProviderKind, env: NodeJS.ProcessEnv): string | undefined {
  for (const name of PROVIDER_ENVIRONMENT[kind].keys) {
    const value = env[name];
    if (value !== undefined && value.length > 0) return value;
  }
  return undefined;
}

function isProviderKind(value: string): value is ProviderKind {
  return (PROVIDER_KINDS as readonly string[]).includes(value);
}

/**
 * Picks the provider: the one `requested` (`--provider`, or a stored run's), else the
 * first whose API key is set (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GOOGLE_API_KEY` /
 * `GEMINI_API_KEY`), with its base URL (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`,
 * `GOOGLE_BASE_URL`) when set.
 *
 * @throws CliError (`INVALID_CONFIGURATION`) for an unknown provider name or when no
 *   API key is set for the provider.
 *
 * @example
 * const choice = chooseProvider(process.env, "anthropic"); // { kind: "anthropic", apiKey: "sk-ant-…" }
 */
export function chooseProvider(env: NodeJS.ProcessEnv, requested?: string): ProviderChoice {
  let kind: ProviderKind | undefined;
  if (requested !== undefined) {
    if (!isProviderKind(requested)) {
      throw new CliError(ERROR_CODES.INVALID_CONFIGURATION, `Unknown provider "${requested}". Use one of: ${PROVIDER_KINDS.join(", ")}.`, { exitCode: 2 });
    }
    kind = requested;
  } else {
    kind = PROVIDER_KINDS.find((candidate) => keyOf(candidate, env) !== undefined);
  }
  if (kind === undefined) {
    throw new CliError(
      ERROR_CODES.INVALID_CONFIGURATION,
      "No API key found: set OPENAI_API_KEY, ANTHROPIC_API_KEY or GOOGLE_API_KEY (or GEMINI_API_KEY) in the environment.",
    );
  }
  const apiKey = keyOf(kind, env);
  if (apiKey === undefined) {
    throw new CliError(
      ERROR_CODES.INVALID_CONFIGURATION,
      `The ${kind} provider needs an API key: set ${PROVIDER_ENVIRONMENT[kind].keys.join(" or ")} in the environment.`,
    );
  }
  const baseURL = env[PROVIDER_ENVIRONMENT[kind].baseURL];
  return { kind, apiKey, ...(baseURL === undefined || baseURL.length === 0 ? {} : { baseURL }) };
}
