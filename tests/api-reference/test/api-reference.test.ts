import { expect, it } from "vitest";
import { generateApiReference, publishedPackages } from "../generate.mjs";

it("TypeDoc builds the API reference of every published package with every export documented and every link resolved", async () => {
  const { problems, packages } = await generateApiReference();
  expect(packages).toBe(publishedPackages().length);
  expect(packages).toBeGreaterThan(15);
  expect(problems).toEqual([]);
});
