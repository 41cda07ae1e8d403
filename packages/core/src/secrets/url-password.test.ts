import { describe, expect, it } from "vitest";
import { urlPassword } from "./url-password.js";

describe("urlPassword", () => {
  it("reads the password of a URL's user info, as written", () => {
    expect(urlPassword("redis://default:s3cret@127.0.0.1:6379/0")).toBe("s3cret");
    expect(urlPassword("redis://:s3cret@127.0.0.1")).toBe("s3cret");
    expect(urlPassword("postgres://baton:p%40ss-word@db:5432/app?sslmode=require")).toBe("p%40ss-word");
    expect(urlPassword("rediss://user:pa:ss@host")).toBe("pa:ss");
  });

  it("takes the last @ of the authority as its end (an @ written as is in the password)", () => {
    expect(urlPassword("postgres://u:p@ss@h/db")).toBe("p@ss");
  });

  it("reads URLs a parser refuses, and never throws", () => {
    expect(urlPassword("redis://user:s3cret@127.0.0.1:notaport")).toBe("s3cret");
    expect(urlPassword("redis://:s3cret@[::1")).toBe("s3cret");
    expect(urlPassword("redis://:%zzs3cret@127.0.0.1:1")).toBe("%zzs3cret");
    expect(() => new URL("redis://:s3cret@[::1")).toThrow();
  });

  it("reads a URL without a scheme, as ioredis does", () => {
    expect(urlPassword("user:s3cret@127.0.0.1:99999")).toBe("s3cret");
    expect(urlPassword("//:s3cret@127.0.0.1")).toBe("s3cret");
  });

  it("is undefined when there is no password", () => {
    expect(urlPassword("redis://127.0.0.1:6379")).toBeUndefined();
    expect(urlPassword("postgres://baton@db/app")).toBeUndefined();
    expect(urlPassword("redis://user:@host")).toBeUndefined();
    expect(urlPassword("redis://host/path@x:y")).toBeUndefined();
    expect(urlPassword("/var/run/redis.sock")).toBeUndefined();
    expect(urlPassword("host=db user=u password=hunter22")).toBeUndefined();
    expect(urlPassword("")).toBeUndefined();
  });
});
