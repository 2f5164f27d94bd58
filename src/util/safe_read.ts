/**
 * Reading a file that someone else may have put in place: only a regular file, never through a
 * symbolic link, never more than a bound, and never blocking. A FIFO in a file's place would
 * block an ordinary open until a writer comes (for ever, with no time limit able to end it); a
 * link to /dev/zero would be read until memory runs out. {@linkcode readRegularFile} refuses
 * both, and a file swapped between its checks and its opening too: it opens without blocking and
 * without following a link, then checks what it opened.
 *
 * @module
 */

/** Raised for a path that is not a regular file: a link, a FIFO, a device, a directory. */
export class NotRegularFile extends Error {
  /**
   * @param path The path.
   * @param what What it is instead.
   */
  constructor(readonly path: string, readonly what: string) {
    super(`Not a regular file: ${path} is ${what}`);
    this.name = "NotRegularFile";
  }
}

/** Raised for a file larger than the caller accepts. */
export class FileTooLarge extends Error {
  /**
   * @param path The path.
   * @param size Its size in bytes.
   * @param maxBytes The bound.
   */
  constructor(readonly path: string, readonly size: number, readonly maxBytes: number) {
    super(`The file ${path} holds ${size} bytes, more than ${maxBytes}`);
    this.name = "FileTooLarge";
  }
}

/** Options of {@linkcode readRegularFile}. */
export interface ReadRegularFileOptions {
  /** The most bytes to read: a larger file is refused unread. */
  maxBytes: number;
  /** Stops the read between chunks (a regular file's chunk cannot block for long). */
  signal?: AbortSignal | undefined;
}

type FsPromises = typeof import("node:fs/promises");
type FsConstants = typeof import("node:fs")["constants"];
let nodeFs: Promise<[FsPromises, FsConstants]> | undefined;

/**
 * node:fs, loaded on first use: Deno's own open has no way to ask for O_NONBLOCK or
 * O_NOFOLLOW, and Node's passes them through.
 */
function loadNodeFs(): Promise<[FsPromises, FsConstants]> {
  nodeFs ??= Promise.all([import("node:fs/promises"), import("node:fs")])
    .then(([promises, fs]) => [promises, fs.constants]);
  return nodeFs;
}

const CHUNK = 1 << 20;

/** What a file system entry is, for messages. */
function kindOf(info: Deno.FileInfo): string {
  if (info.isSymlink) return "a symbolic link";
  if (info.isDirectory) return "a directory";
  if (info.isFifo) return "a FIFO";
  if (info.isSocket) return "a socket";
  if (info.isCharDevice || info.isBlockDevice) return "a device";
  return "not a regular file";
}

/**
 * Reads a regular file whole, at most `maxBytes`, without following a link and without
 * blocking on a FIFO or a device.
 *
 * @param path The file.
 * @param options The bound, and a signal.
 * @returns The bytes.
 * @throws {NotRegularFile} For a link, FIFO, socket, device or directory (also one swapped in
 * between the checks and the opening).
 * @throws {FileTooLarge} For a file larger than `maxBytes`.
 * @throws {Deno.errors.NotFound} Or any other error of the file system; the signal's reason
 * when it fires.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FileTooLarge, NotRegularFile, readRegularFile } from "./safe_read.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.txt`, "hello");
 * const bytes = await readRegularFile(`${dir}/a.txt`, { maxBytes: 100 });
 * assert.equal(new TextDecoder().decode(bytes), "hello");
 * await assert.rejects(readRegularFile(`${dir}/a.txt`, { maxBytes: 4 }), FileTooLarge);
 * await assert.rejects(readRegularFile(dir, { maxBytes: 100 }), NotRegularFile);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function readRegularFile(
  path: string,
  options: ReadRegularFileOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const { maxBytes, signal } = options;
  signal?.throwIfAborted();
  // The cheap check first: most misplaced things are refused without being opened.
  const seen = await Deno.lstat(path);
  if (!seen.isFile) throw new NotRegularFile(path, kindOf(seen));
  if (seen.size > maxBytes) throw new FileTooLarge(path, seen.size, maxBytes);
  signal?.throwIfAborted();
  const [fs, c] = await loadNodeFs();
  // A FIFO swapped in since lstat opens at once (O_NONBLOCK), a link fails (O_NOFOLLOW); the
  // handle's own stat then says what was opened. Windows has neither flag, nor FIFOs to fear.
  const flags = c.O_RDONLY | (c.O_NONBLOCK ?? 0) | (c.O_NOFOLLOW ?? 0);
  let handle: Awaited<ReturnType<FsPromises["open"]>>;
  try {
    handle = await fs.open(path, flags);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "ELOOP" || code === "EMLINK") throw new NotRegularFile(path, "a symbolic link");
    if (code === "ENOENT") throw new Deno.errors.NotFound(`No such file: ${path}`);
    throw e;
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw new NotRegularFile(path, "not a regular file");
    if (opened.size > maxBytes) throw new FileTooLarge(path, opened.size, maxBytes);
    // One byte more than the size, to see a file that grows while it is read (ours never do:
    // they are replaced by a rename, and this handle keeps the old one).
    const buffer = new Uint8Array(opened.size + 1);
    let length = 0;
    for (;;) {
      signal?.throwIfAborted();
      if (length === buffer.byteLength) throw new Error(`The file ${path} grew while it was read`);
      const want = Math.min(CHUNK, buffer.byteLength - length);
      const { bytesRead } = await handle.read(buffer, length, want, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close().catch(() => {});
  }
}
