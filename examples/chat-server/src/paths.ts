import { fileURLToPath } from "node:url";

/** The example's `public/` folder (the page). Same path from `src/` and from `dist/`. */
export const PUBLIC_DIR = fileURLToPath(new URL("../public/", import.meta.url));
