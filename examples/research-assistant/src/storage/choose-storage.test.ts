import { describe, expect, it } from "vitest";
import { DEFAULT_DATABASE_PATH, maskConnectionString, postgresUrlOf } from "./choose-storage.js";

describe("chooseStorage's choice", () => {
  it("uses PostgreSQL only for a postgres:// or postgresql:// URL, BATON_DATABASE_URL first", () => {
    expect(postgresUrlOf({})).toBeUndefined();
    expect(postgresUrlOf({ DATABASE_URL: "file:./app.db" })).toBeUndefined();
    expect(postgresUrlOf({ DATABASE_URL: " postgres://u@h/db " })).toBe("postgres://u@h/db");
    expect(postgresUrlOf({ DATABASE_URL: "postgresql://u@h/db" })).toBe("postgresql://u@h/db");
    expect(postgresUrlOf({ DATABASE_URL: "postgres://a@h/db", BATON_DATABASE_URL: "postgres://b@h/db" })).toBe("postgres://b@h/db");
    expect(postgresUrlOf({ DATABASE_URL: "postgres://a@h/db", BATON_DATABASE_URL: "mysql://b@h/db" })).toBe("postgres://a@h/db");
  });

  it("masks the password of the URL it prints", () => {
    expect(maskConnectionString("postgres://app:s3cret@db.example.com:5432/app")).toBe("postgres://app:***@db.example.com:5432/app");
    expect(maskConnectionString("postgres://app@db/app")).toBe("postgres://app@db/app");
    expect(maskConnectionString("postgres://app:s3cret@[bad")).not.toContain("s3cret");
  });

  it("keeps the SQLite file in the example's data/ folder", () => {
    expect(DEFAULT_DATABASE_PATH.replace(/\\/g, "/")).toMatch(/examples\/research-assistant\/data\/research-assistant\.db$/);
  });
});
