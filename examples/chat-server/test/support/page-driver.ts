import type { Page } from "playwright-core";

/** Errors the page threw or logged, collected while a test drives it. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("requestfailed", (request) => {
    // A dropped event stream (reconnect tests, Stop) is expected; a missing module is not.
    if (!request.url().includes("/events")) errors.push(`requestfailed: ${request.url()} ${request.failure()?.errorText ?? ""}`);
  });
  return errors;
}

/** Opens the page, waits until its modules ran, types `message` and sends it. */
export async function askOnPage(page: Page, baseUrl: string, message: string): Promise<void> {
  await page.goto(baseUrl);
  await page.waitForSelector("body[data-ready=true]", { timeout: 10_000 });
  await page.getByTestId("message-input").fill(message);
  await page.getByTestId("send-button").click();
}

/** Waits until the last run's status has one of `states` (`completed`, `aborted`, …); returns the state. */
export async function waitForRunState(page: Page, states: readonly string[], timeoutMs = 20_000): Promise<string> {
  const selector = states.map((state) => `[data-testid=run]:last-of-type [data-testid=run-status][data-state="${state}"]`).join(", ");
  const handle = await page.waitForSelector(selector, { timeout: timeoutMs });
  return (await handle.getAttribute("data-state")) ?? "";
}

/** Texts of the elements matching `selector`, in document order. */
export function textsOf(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (nodes) => nodes.map((node) => node.textContent ?? ""));
}
