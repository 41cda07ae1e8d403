import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error.js";

/** Which `Host` and `Origin` headers the server answers. */
export interface RequestGuard {
  /** Accepted `Host` values, lower case (`localhost:3000`, `127.0.0.1:3000`, `[::1]:3000`, …). */
  readonly hosts: ReadonlySet<string>;
  /** Accepted `Origin` values of requests that change something (POST), lower case. */
  readonly origins: ReadonlySet<string>;
}

/**
 * The default `Host` values for a server listening on `host`:`port`: the loopback
 * names (`localhost`, `127.0.0.1`, `[::1]`) with the port, plus `host` itself when it
 * is a specific name or address (not a wildcard like `0.0.0.0`).
 */
export function defaultAllowedHosts(host: string, port: number): string[] {
  const hosts = [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
  const wildcard = host === "0.0.0.0" || host === "::" || host === "";
  if (!wildcard) {
    const named = `${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`.toLowerCase();
    if (!hosts.includes(named)) hosts.push(named);
  }
  return hosts;
}

/**
 * A guard accepting `hosts` (default origins: `http://<host>` for each) and any
 * extra `origins`.
 */
export function createRequestGuard(hosts: readonly string[], origins?: readonly string[]): RequestGuard {
  const hostSet = new Set(hosts.map((host) => host.trim().toLowerCase()).filter((host) => host !== ""));
  const originSet = new Set((origins ?? [...hostSet].map((host) => `http://${host}`)).map((origin) => origin.trim().toLowerCase().replace(/\/+$/, "")));
  return { hosts: hostSet, origins: originSet };
}

/**
 * Refuses requests not meant for this server, as DNS rebinding would send them:
 * a `Host` that is not one of the guard's is a 403 `FORBIDDEN_HOST` (a page on
 * `evil.example` whose name now points at 127.0.0.1 sends `Host: evil.example`); a
 * request other than GET/HEAD whose `Origin` is not one of the guard's is a 403
 * `FORBIDDEN_ORIGIN` (a foreign page posting to the API). Requests without `Origin`
 * (curl, servers) pass the origin check.
 *
 * @throws HttpError 403.
 */
export function checkRequest(guard: RequestGuard, req: IncomingMessage): void {
  const host = (req.headers.host ?? "").trim().toLowerCase();
  if (!guard.hosts.has(host)) throw new HttpError(403, "FORBIDDEN_HOST", `This server does not answer for host ${JSON.stringify(host.slice(0, 200))}.`);
  if (req.method === "GET" || req.method === "HEAD") return;
  const origin = req.headers.origin;
  if (origin === undefined) return;
  const normalized = origin.trim().toLowerCase().replace(/\/+$/, "");
  if (!guard.origins.has(normalized))
    throw new HttpError(403, "FORBIDDEN_ORIGIN", `Requests from origin ${JSON.stringify(origin.slice(0, 200))} are not allowed.`);
}
