/**
 * The agent's name in an agent path: its last segment without the `#n` ordinal
 * (`main/researcher#2` → `researcher`, `main` → `main`).
 */
export function agentNameOf(agentPath: string): string {
  const last = agentPath.slice(agentPath.lastIndexOf("/") + 1);
  const hash = last.lastIndexOf("#");
  return hash > 0 ? last.slice(0, hash) : last;
}
