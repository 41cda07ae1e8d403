import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCommand } from "./run-command.js";

/** What a registry says about one package (its packument), with the fields the suite reads. */
export interface Packument {
  readonly "dist-tags": Record<string, string>;
  readonly versions: Record<string, PublishedManifest>;
}

/** A published version's manifest. */
export interface PublishedManifest {
  readonly name: string;
  readonly version: string;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { readonly optional?: boolean }>;
  readonly optionalDependencies?: Record<string, string>;
  readonly dist: { readonly tarball: string; readonly integrity: string };
}

/** Fetches a package's packument from a registry (`undefined` when the registry does not have it). */
export async function fetchPackument(registryUrl: string, name: string): Promise<Packument | undefined> {
  const response = await fetch(new URL(name.replace("/", "%2f"), registryUrl));
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`${registryUrl} answered ${response.status} for ${name}`);
  return (await response.json()) as Packument;
}

/** A downloaded tarball: its bytes, where it was saved, and the folder it was unpacked to (`<dir>/package`). */
export interface DownloadedTarball {
  readonly data: ArrayBuffer;
  readonly file: string;
  readonly unpacked: string;
}

/** Downloads `manifest`'s tarball into `dir` and unpacks it there. */
export async function downloadTarball(manifest: PublishedManifest, dir: string): Promise<DownloadedTarball> {
  const response = await fetch(manifest.dist.tarball);
  if (!response.ok) throw new Error(`the tarball of ${manifest.name}@${manifest.version} answered ${response.status}`);
  const data = await response.arrayBuffer();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${manifest.name.replace("@", "").replace("/", "-")}-${manifest.version}.tgz`);
  writeFileSync(file, Buffer.from(data));
  await runCommand("tar", ["-xzf", file, "-C", dir], { cwd: dir });
  return { data, file, unpacked: join(dir, "package") };
}
