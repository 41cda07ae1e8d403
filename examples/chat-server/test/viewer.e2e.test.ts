import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "./support/browser.js";
import { askOnPage, collectPageErrors, waitForRunState } from "./support/page-driver.js";
import { useChatServer } from "./support/test-server.js";

/** Fast runs: the viewer reads the events the server's recorder kept. */
const server = useChatServer({ speed: 0.2 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the run\'s "view trace" link (the run viewer of @baton/viewer)', () => {
  it("opens the waterfall of the run: the supervisor, its model and tool calls, the two researchers under the research call", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors = collectPageErrors(page);
    await askOnPage(page, server().url, "How long does sunlight take to reach Earth?");
    const link = page.getByTestId("view-trace");
    await link.waitFor();
    const runId = (await page.getByTestId("run").getAttribute("data-run-id"))!;
    expect(await link.getAttribute("href")).toBe(`/viewer/runs/${runId}`);
    expect(await link.textContent()).toBe("view trace");
    expect(await waitForRunState(page, ["completed", "aborted", "error", "stopped"])).toBe("completed");

    const viewer = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const viewerErrors = collectPageErrors(viewer);
    await viewer.goto(server().url + (await link.getAttribute("href"))!);
    await viewer.waitForSelector("body[data-state=ended]");
    const rows = await viewer.$$eval("[data-testid=row]", (nodes) =>
      nodes.map((node) => ({
        id: node.getAttribute("data-row-id")!,
        kind: node.getAttribute("data-kind")!,
        depth: Number(node.getAttribute("data-depth")),
        parent: node.getAttribute("data-parent-id")!,
        name: node.querySelector("[data-testid=row-name]")!.textContent!,
        status: node.getAttribute("data-status")!,
      })),
    );
    const agents = rows.filter((row) => row.kind === "agent");
    expect(agents.map((row) => [row.name, row.depth])).toEqual([
      ["supervisor", 0],
      ["researcher#1", 2],
      ["researcher#2", 2],
    ]);
    const research = rows.find((row) => row.kind === "tool" && row.name === "research")!;
    expect(research.depth).toBe(1);
    expect(agents.slice(1).map((row) => row.parent)).toEqual([research.id, research.id]);
    expect(rows.filter((row) => row.kind === "tool" && row.depth === 1).map((row) => row.name)).toEqual(["research", "clock"]);
    expect(rows.filter((row) => row.kind === "model")).toHaveLength(6);
    expect(rows.every((row) => row.status === "ok")).toBe(true);
    expect(await viewer.locator("[data-total=tool-calls] dd").textContent()).toBe("4");
    expect(errors).toEqual([]);
    expect(viewerErrors).toEqual([]);
    await viewer.close();
    await page.close();
  });

  it("unknown runs are a 404 from the viewer's API, behind the server's Host check", async () => {
    const unknown = await fetch(`${server().url}/viewer/api/runs/nobody`);
    expect(unknown.status).toBe(404);
    const page = await fetch(`${server().url}/viewer/runs/nobody`);
    expect(page.status).toBe(200);
    // A rebound Host is refused (raw request: fetch does not let a Host header through).
    const forbidden = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: server().port,
          path: "/viewer/api/runs/nobody",
          setHost: false,
          headers: { host: `evil.example:${server().port}`, connection: "close" },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(forbidden).toBe(403);
  });
});
