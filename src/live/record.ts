/**
 * Fixtures of a run: every body in its own file named by its request (`keystats-json.json`,
 * `search-m-xml.xml`, ...), and `index.json` listing each request's path (key as `***`),
 * status, Content-Type and file. The key is removed again before anything is written, and each
 * file is written beside its target and renamed. {@linkcode readRecording} reads them back for
 * the facts to replay.
 *
 * @module
 */

import { join } from "node:path";
import { redact } from "../client/mod.ts";
import { writeFileAtomic } from "../util/atomic_write.ts";
import { bodyShape } from "./body.ts";
import type { LiveExchange } from "./exchange.ts";

/** The file that lists a recording's exchanges. */
export const INDEX_FILE = "index.json";

/** One entry of index.json. */
interface IndexEntry {
  name: string;
  path: string;
  status: number;
  contentType: string;
  file: string;
  error?: string;
}

/** A body's file extension, from what it starts with. */
function extension(body: string): string {
  const shape = bodyShape(body);
  return shape === "empty" || shape === "other" ? "txt" : shape;
}

const utf8 = new TextEncoder();

/**
 * Saves a run as fixtures: one file a body, named by its request, and index.json.
 *
 * @param dir The directory; created when missing.
 * @param exchanges The run's exchanges.
 * @param secrets Texts removed from every file (the API key), again.
 * @returns The files written, index.json last.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readRecording, recordExchanges } from "./record.ts";
 *
 * const dir = await Deno.makeTempDir();
 * const ex = {
 *   name: "bad-key",
 *   path: "KeyStatisticList/bad/json/kr/1/1",
 *   status: 200,
 *   contentType: "application/json",
 *   body: '{"RESULT":{"CODE":"INFO-100","MESSAGE":"s3cret"}}',
 * };
 * const files = await recordExchanges(dir, [ex], ["s3cret"]);
 * assert.deepEqual(files.map((f) => f.slice(dir.length + 1)), ["bad-key.json", "index.json"]);
 * const [back] = await readRecording(dir);
 * assert.equal(back?.body, '{"RESULT":{"CODE":"INFO-100","MESSAGE":"***"}}');
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function recordExchanges(
  dir: string,
  exchanges: readonly LiveExchange[],
  secrets: readonly string[],
): Promise<string[]> {
  await Deno.mkdir(dir, { recursive: true });
  const hide = (text: string) => redact(text, secrets);
  const index: IndexEntry[] = [];
  const written: string[] = [];
  for (const e of exchanges) {
    const file = `${e.name}.${extension(e.body)}`;
    await writeFileAtomic(join(dir, file), utf8.encode(hide(e.body)));
    written.push(join(dir, file));
    index.push({
      name: e.name,
      path: hide(e.path),
      status: e.status,
      contentType: e.contentType,
      file,
      ...(e.error === undefined ? {} : { error: hide(e.error) }),
    });
  }
  const text = `${JSON.stringify({ exchanges: index }, null, 2)}\n`;
  await writeFileAtomic(join(dir, INDEX_FILE), utf8.encode(text));
  written.push(join(dir, INDEX_FILE));
  return written;
}

const SAFE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Reads a recording back: index.json and the body files it names.
 *
 * @param dir The directory `recordExchanges` wrote.
 * @returns The exchanges, in the recorded order.
 * @throws {TypeError} When index.json is missing or not a recording's index, or names a file
 * outside the directory.
 */
export async function readRecording(dir: string): Promise<LiveExchange[]> {
  let index: unknown;
  try {
    index = JSON.parse(await Deno.readTextFile(join(dir, INDEX_FILE)));
  } catch (e) {
    throw new TypeError(
      `Cannot replay ${dir}: give a directory that ecos doctor --record wrote (${INDEX_FILE}: ${
        (e as Error).message
      })`,
      { cause: e },
    );
  }
  const entries = (index as { exchanges?: unknown })?.exchanges;
  if (!Array.isArray(entries)) {
    throw new TypeError(`Cannot replay ${dir}: ${INDEX_FILE} has no list of exchanges`);
  }
  const out: LiveExchange[] = [];
  for (const entry of entries) {
    const e = entry as Partial<IndexEntry>;
    if (
      typeof e.name !== "string" || typeof e.path !== "string" || typeof e.status !== "number" ||
      typeof e.contentType !== "string" || typeof e.file !== "string" || !SAFE_FILE.test(e.file)
    ) {
      throw new TypeError(`Cannot replay ${dir}: ${INDEX_FILE} holds a malformed entry`);
    }
    out.push({
      name: e.name,
      path: e.path,
      status: e.status,
      contentType: e.contentType,
      body: await Deno.readTextFile(join(dir, e.file)),
      ...(typeof e.error === "string" ? { error: e.error } : {}),
    });
  }
  return out;
}
