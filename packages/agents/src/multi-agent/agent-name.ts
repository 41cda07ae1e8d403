import { ConfigurationError } from "@baton/core";

/** Agent names: safe in agent paths (`/` and `#` are separators) and in tool names (`transfer_to_<name>` stays within 64 characters). */
const AGENT_NAME = /^[A-Za-z0-9_-]{1,52}$/;

/** Throws a `ConfigurationError` unless `name` is a valid agent (or tool) name. */
export function assertAgentName(name: string, what = "agent name"): void {
  if (!AGENT_NAME.test(name)) {
    throw new ConfigurationError(`Invalid ${what} "${name}": use 1 to 52 letters, digits, "_" or "-".`, { details: { name } });
  }
}
