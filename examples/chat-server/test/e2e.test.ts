import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { SUPERVISOR_OPENING } from "../src/agent/scripted/supervisor-model.js";
import { launchChromium } from "./support/browser.js";
import { askOnPage, collectPageErrors, textsOf, waitForRunState } from "./support/page-driver.js";
import { readRunEvents, waitForRunEnd } from "./support/run-api.js";
import { useChatServer } from "./support/test-server.js";

const QUESTION = "How long does sunlight take to reach Earth?";
const SCREENSHOT = fileURLToPath(new URL("../test-results/chat-server.png", import.meta.url));
const ROOT = '[data-testid=agent][data-agent-path="supervisor"]';
const RESEARCHERS = ["supervisor/researcher#1", "supervisor/researcher#2"];

/** At watchable speed (a run takes about 3 s), as `npm start` runs it. */
const server = useChatServer({ speed: 1 });
/** Cuts each run's first event stream after 12 events, so the page has to reconnect. */
const droppingServer = useChatServer({ speed: 0.3, dropFirstStreamAfter: 12 });
/**
 * Four times slower, for the Stop test: the researchers work for several seconds, so a
 * loaded machine still finds the research tool running when Stop is clicked.
 */
const slowServer = useChatServer({ speed: 4 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  return { page, errors: collectPageErrors(page) };
}

describe("the chat page in headless Chromium", () => {
  it("renders a full run live: text blocks, two tool cards with steps and results, nested researchers, usage", async () => {
    const { page, errors } = await newPage();
    await askOnPage(page, server().url, QUESTION);
    expect(await page.getByTestId("user-message").textContent()).toBe(QUESTION);
    expect(await waitForRunState(page, ["completed", "aborted", "error", "stopped"])).toBe("completed");

    const runId = (await page.getByTestId("run").getAttribute("data-run-id"))!;
    const status = await waitForRunEnd(server().url, runId);
    expect(status.result?.stopReason).toBe("completed");

    // The supervisor's own blocks, in contentIndex order: thinking, opening text, the tool batch, (the researchers), the answer.
    const rootBlocks = await page.$$eval(`${ROOT} > .blocks > *`, (nodes) =>
      nodes.map((node) => [node.getAttribute("data-testid"), Number(node.getAttribute("data-content-index"))] as const),
    );
    expect(rootBlocks.map(([kind]) => kind)).toEqual(["reasoning-block", "text-block", "tool-batch", "agent", "agent", "text-block"]);
    const indexes = rootBlocks.map(([, index]) => index);
    expect([...indexes].sort((a, b) => a - b)).toEqual(indexes);
    expect(await textsOf(page, `${ROOT} > .blocks > [data-testid=text-block]`)).toEqual([SUPERVISOR_OPENING, status.result!.text]);
    expect(status.result!.text).toContain("Facts: Sunlight takes about 8 minutes and 20 seconds");
    expect(await page.locator(`${ROOT} > .blocks > [data-testid=reasoning-block]`).textContent()).toContain(`The user asks: “${QUESTION}”`);

    // Two tool cards in the supervisor's batch, each with progress steps and a result.
    const cards = `${ROOT} > .blocks > [data-testid=tool-batch] > [data-testid=tool-card]`;
    expect(await page.$$eval(cards, (nodes) => nodes.map((node) => [node.getAttribute("data-tool-name"), node.getAttribute("data-status")]))).toEqual([
      ["research", "done"],
      ["clock", "done"],
    ]);
    const research = `${cards}[data-tool-name=research]`;
    expect(await textsOf(page, `${research} [data-testid=progress-step] > .step-title`)).toEqual([
      "Briefing 2 researchers",
      "Facts researcher at work",
      "Context researcher at work",
    ]);
    expect(await page.$$eval(`${research} [data-testid=progress-step]`, (nodes) => nodes.map((node) => node.getAttribute("data-status")))).toEqual([
      "done",
      "done",
      "done",
    ]);
    expect(await page.locator(`${research} [data-testid=tool-result]`).textContent()).toContain('"findings"');
    const clock = `${cards}[data-tool-name=clock]`;
    expect(await textsOf(page, `${clock} [data-testid=progress-step]`)).toEqual(["reading the server clock"]);
    expect(await page.locator(`${clock} [data-testid=tool-result]`).textContent()).toMatch(/\d\d:\d\d:\d\d UTC/);

    // The two researchers: sections inside the supervisor's, indented, named, each with its search card and answer.
    expect(await page.$$eval(`${ROOT} [data-testid=agent]`, (nodes) => nodes.map((node) => node.getAttribute("data-agent-path")))).toEqual(RESEARCHERS);
    expect(await textsOf(page, `${ROOT} [data-testid=agent] [data-testid=agent-name]`)).toEqual(["researcher #1", "researcher #2"]);
    const rootLeft = await page.locator(ROOT).evaluate((node) => node.getBoundingClientRect().left);
    for (const path of RESEARCHERS) {
      const section = page.locator(`[data-testid=agent][data-agent-path="${path}"]`);
      const { left, marginLeft } = await section.evaluate((node) => ({
        left: node.getBoundingClientRect().left,
        marginLeft: parseFloat(node.ownerDocument.defaultView!.getComputedStyle(node).marginLeft),
      }));
      expect(marginLeft).toBeGreaterThan(0);
      expect(left).toBeGreaterThan(rootLeft + 20);
      expect(await section.getAttribute("data-state")).toBe("completed");
      const search = section.locator("[data-testid=tool-card][data-tool-name=search]");
      expect(await search.getAttribute("data-status")).toBe("done");
      const steps = await search.locator("[data-testid=progress-step] > .step-title").allTextContents();
      expect(steps).toEqual([`Searching 14 passages for “${QUESTION}”`, expect.stringMatching(/^Reading \S+\.md$/)]);
      expect(await search.locator("[data-testid=tool-result]").count()).toBe(1);
      expect((await section.locator("[data-testid=text-block]").allTextContents()).join("")).toMatch(/\((?:space|baton)\/[\w-]+\.md\)$/);
    }
    // The facts researcher's answer is what the supervisor quotes.
    const factsAnswer = (await page.locator(`[data-agent-path="${RESEARCHERS[0]}"] [data-testid=text-block]`).textContent())!;
    expect(status.result!.text).toContain(`Facts: ${factsAnswer}`);

    // Usage at the end, from the root run-end, equal to the server's result.
    const usage = page.getByTestId("usage-tokens");
    expect(await page.getByTestId("usage").isVisible()).toBe(true);
    expect(Number(await usage.getAttribute("data-input"))).toBe(status.result!.usage.inputTokens);
    expect(Number(await usage.getAttribute("data-output"))).toBe(status.result!.usage.outputTokens);
    expect(await usage.textContent()).toMatch(/^[\d,]+ tokens in · [\d,]+ out · \$\d+\.\d+ \(illustrative price\) · 6 model calls · 4 tool calls · \d/);
    expect(await page.getByTestId("run-status").textContent()).toBe("Completed");
    expect(await page.getByTestId("run").getAttribute("data-duplicates")).toBe("0");
    expect(await page.getByTestId("scripted-notice").textContent()).toContain("scriptedModel");
    expect(errors).toEqual([]);

    rmSync(SCREENSHOT, { force: true });
    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(existsSync(SCREENSHOT)).toBe(true);
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(30_000);
    await page.close();
  });

  it("stops a run: Stop while the tools run shows the run stopped, and the server's result is aborted", async () => {
    const { page, errors } = await newPage();
    await askOnPage(page, slowServer().url, QUESTION);
    // Wait until the researchers are at work, then stop.
    await page.waitForSelector(`[data-testid=agent][data-agent-path="${RESEARCHERS[0]}"]`, { timeout: 30_000 });
    expect(await page.locator(`${ROOT} [data-testid=tool-card][data-tool-name=research]`).getAttribute("data-status")).toBe("running");
    await page.getByTestId("stop-button").click();

    expect(await waitForRunState(page, ["completed", "aborted", "error", "stopped"])).toBe("aborted");
    expect(await page.getByTestId("run-status").textContent()).toBe("Stopped — the run was aborted");
    const runId = (await page.getByTestId("run").getAttribute("data-run-id"))!;
    const status = await waitForRunEnd(slowServer().url, runId);
    expect(status.result?.stopReason).toBe("aborted");
    // No answer was written: the supervisor's only text block is its opening.
    expect(await textsOf(page, `${ROOT} > .blocks > [data-testid=text-block]`)).toEqual([SUPERVISOR_OPENING]);
    // The research tool and the researchers' searches were cut short: their cards show the abort as an error.
    const research = page.locator(`${ROOT} > .blocks > [data-testid=tool-batch] > [data-testid=tool-card][data-tool-name=research]`);
    expect(await research.getAttribute("data-status")).toBe("error");
    expect(await research.locator("[data-testid=tool-error]").textContent()).toBe('aborted: Tool "research" was aborted because the run was aborted.');
    expect(await page.locator(`${ROOT} [data-testid=tool-card][data-tool-name=clock]`).getAttribute("data-status")).toBe("done");
    expect(await page.locator(ROOT).getAttribute("data-state")).toBe("aborted");
    expect(await page.getByTestId("usage").isVisible()).toBe(true);
    expect(await page.getByTestId("stop-button").isDisabled()).toBe(true);
    expect(await page.getByTestId("send-button").isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("reconnects with Last-Event-ID after the stream drops: every event once, the text whole", async () => {
    const { page, errors } = await newPage();
    const streams: { lastEventId: string | undefined }[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/events")) streams.push({ lastEventId: request.headers()["last-event-id"] });
    });
    await askOnPage(page, droppingServer().url, QUESTION);
    expect(await waitForRunState(page, ["completed", "aborted", "error", "stopped"])).toBe("completed");

    // The first stream was cut after 12 events; the client resumed after seq 12.
    expect(streams).toEqual([{ lastEventId: undefined }, { lastEventId: "12" }]);
    const runId = (await page.getByTestId("run").getAttribute("data-run-id"))!;
    const all = await readRunEvents(droppingServer().url, runId, { lastEventId: 0 });
    const run = page.getByTestId("run");
    expect(await run.getAttribute("data-duplicates")).toBe("0");
    expect(Number(await run.getAttribute("data-event-count"))).toBe(all.length);
    expect(Number(await run.getAttribute("data-last-seq"))).toBe(all.at(-1)!.seq);

    // Every text block on the page equals the concatenation of its deltas on the server.
    const blocks = await page.$$eval("[data-testid=text-block]", (nodes) =>
      nodes.map((node) => [node.getAttribute("data-agent-path"), Number(node.getAttribute("data-content-index")), node.textContent] as const),
    );
    expect(blocks.length).toBe(4);
    for (const [agentPath, contentIndex, text] of blocks) {
      const expected = all
        .flatMap((event) => (event.type === "text-delta" && event.agentPath === agentPath && event.contentIndex === contentIndex ? [event.text] : []))
        .join("");
      expect(text).toBe(expected);
    }
    const status = await waitForRunEnd(droppingServer().url, runId);
    expect(blocks.at(-1)![2]).toBe(status.result!.text);
    expect(errors).toEqual([]);
    await page.close();
  });
});
