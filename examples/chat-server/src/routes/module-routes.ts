import { HttpError } from "../http/http-error.js";
import type { Route } from "../http/router.js";
import { sendStaticFile } from "../http/static-file.js";
import type { BrowserModuleRoot } from "../modules/browser-modules.js";

/**
 * `GET /modules/<package>/<file>.js` serves a built ES module (or its source map)
 * of one of `roots`, so the page's import map can point `@baton/events/client`,
 * `@baton/core` and `eventsource-parser` at them. Other files are a 404.
 */
export function moduleRoutes(roots: readonly BrowserModuleRoot[]): Route[] {
  return [
    {
      method: "GET",
      path: /^\/modules\/(?<file>.+)$/,
      handle: ({ res, params }) => {
        const file = params.file ?? "";
        const root = roots.find((candidate) => file.startsWith(`${candidate.name}/`));
        const rest = root === undefined ? "" : file.slice(root.name.length + 1);
        if (root === undefined || !/\.js(?:\.map)?$/.test(rest)) throw new HttpError(404, "NOT_FOUND", `No module ${JSON.stringify(file.slice(0, 200))}.`);
        return sendStaticFile(res, root.dir, rest);
      },
    },
  ];
}
