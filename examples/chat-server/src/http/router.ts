import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError } from "./http-error.js";
import { sendJsonError } from "./send-json.js";

/** What a route handler gets: the request, the response, the path's named groups and the parsed URL. */
export interface RouteContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly params: Readonly<Record<string, string>>;
  readonly url: URL;
}

/** One route: a method, a path pattern (anchored; named groups become `params`) and a handler. */
export interface Route {
  readonly method: "GET" | "POST";
  readonly path: RegExp;
  readonly handle: (context: RouteContext) => Promise<void> | void;
}

/**
 * A request handler over `routes`: the first route whose pattern matches the path
 * and whose method matches handles it; a matching path with another method is a
 * 405, no match a 404, both as JSON. `before` runs first on every request (the
 * Host/Origin check) and may throw an {@link HttpError} too. A thrown {@link HttpError} becomes its status
 * and JSON body; anything else a 500 (logged with `onError`).
 */
export function createRouter(routes: readonly Route[], onError: (error: unknown) => void = console.error, before?: (req: IncomingMessage) => void) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const matching = routes.filter((route) => route.path.test(url.pathname));
    const route = matching.find((candidate) => candidate.method === req.method || (req.method === "HEAD" && candidate.method === "GET"));
    try {
      before?.(req);
      if (route === undefined) {
        if (matching.length > 0) throw new HttpError(405, "METHOD_NOT_ALLOWED", `${req.method} is not allowed on ${url.pathname}.`);
        throw new HttpError(404, "NOT_FOUND", `Nothing at ${url.pathname}.`);
      }
      const params = { ...route.path.exec(url.pathname)?.groups };
      await route.handle({ req, res, params, url });
    } catch (error) {
      if (res.headersSent) {
        if (!(error instanceof HttpError)) onError(error);
        res.destroy();
      } else if (error instanceof HttpError) {
        sendJsonError(res, error.status, error.code, error.message, error.headers);
      } else {
        onError(error);
        sendJsonError(res, 500, "INTERNAL_ERROR", "The server failed to answer this request.");
      }
    }
  };
}
