import type { ViewerHandler } from "@baton/viewer";
import { HttpError } from "../http/http-error.js";
import type { Route } from "../http/router.js";

/**
 * `GET /viewer/…`: the run viewer of `@baton/viewer` (the page of a run at
 * `/viewer/runs/:id`, its files, and the run's events as JSON), behind the server's
 * Host check like every route.
 */
export function viewerRoute(viewer: ViewerHandler): Route {
  return {
    method: "GET",
    path: /^\/viewer\//,
    handle: async ({ req, res, url }) => {
      if (!(await viewer(req, res))) throw new HttpError(404, "NOT_FOUND", `Nothing at ${url.pathname}.`);
    },
  };
}
