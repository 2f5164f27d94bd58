/**
 * Reading a response body as bytes, bounded: an endless or oversized body is cut off at the
 * client's limit, never read whole.
 *
 * @module
 */

const utf8 = new TextDecoder();

/** The size of the last body read through a BYOB reader: the next one's first guess. */
let lastBody = 0;

/** Raised by {@linkcode readBytes} when a body is longer than allowed. */
class TooLong extends Error {}

/**
 * Reads a body's bytes, at most `max`. The stream is counted as it arrives (after fetch has
 * decompressed it), so an endless or oversized body is cut off, not read whole. Bytes, not
 * text: a page of rows is scanned from its bytes, and text is made only where it is needed.
 *
 * A body that states its length (and is not compressed) is read in one native call: HTTP's
 * framing bounds it. Others are read into one growing buffer through a BYOB reader, which
 * costs about a third less CPU than a chunk at a time (bench/RESULTS.md); a stream that
 * cannot lend its bytes (a test's stub) is read a chunk at a time.
 *
 * @returns The bytes, and whether they were cut at `max`.
 */
export async function readBytes(
  res: Response,
  max: number,
): Promise<{ bytes: Uint8Array; cut: boolean }> {
  const declared = Number(res.headers.get("content-length") ?? NaN);
  const plain = res.headers.get("content-encoding") === null;
  if (declared > max && plain) {
    await res.body?.cancel().catch(() => {});
    return { bytes: new Uint8Array(0), cut: true };
  }
  if (res.body === null) return { bytes: new Uint8Array(0), cut: false };
  if (plain && Number.isSafeInteger(declared) && declared >= 0) {
    // (A stub's Response, unlike the network, may hold more than it declares.)
    const bytes = await res.bytes();
    return bytes.byteLength > max
      ? { bytes: bytes.subarray(0, max), cut: true }
      : { bytes, cut: false };
  }
  let reader: ReadableStreamBYOBReader;
  try {
    reader = res.body.getReader({ mode: "byob" });
  } catch {
    return await readChunks(res.body.getReader(), max);
  }
  // Room for max + 1 bytes at most: one byte more than allowed tells a body too long. The
  // pages of a pull are of a size: start at the last body's, so that one is read into one
  // buffer rather than into eight that double.
  const guess = Math.min(lastBody + (lastBody >> 3), 32 * 2 ** 20);
  let buffer = new Uint8Array(Math.min(max + 1, Math.max(64 * 1024, guess)));
  let size = 0;
  for (;;) {
    if (size === buffer.length) {
      const grown = new Uint8Array(Math.min(buffer.length * 2, max + 1));
      grown.set(buffer);
      buffer = grown;
    }
    const { done, value } = await reader.read(buffer.subarray(size));
    // The reader hands the buffer back (transferred) with the bytes it wrote.
    if (value !== undefined) buffer = new Uint8Array(value.buffer);
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return { bytes: buffer.subarray(0, max), cut: true };
    }
  }
  lastBody = size;
  // Doubling leaves up to half the buffer unused: keep only the body when that is much.
  const bytes = buffer.length > size + (size >> 2)
    ? buffer.slice(0, size)
    : buffer.subarray(0, size);
  return { bytes, cut: false };
}

/** Reads a stream a chunk at a time, at most `max` bytes. */
async function readChunks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  max: number,
): Promise<{ bytes: Uint8Array; cut: boolean }> {
  const parts: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) throw new TooLong();
      parts.push(value);
    }
  } catch (e) {
    if (!(e instanceof TooLong)) throw e;
    await reader.cancel().catch(() => {});
    cut = true;
  }
  if (parts.length === 1) return { bytes: parts[0]!, cut };
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return { bytes, cut };
}

/** A body's text, at most `max` bytes of it (error pages, quoted). */
export async function readText(
  res: Response,
  max: number,
): Promise<{ text: string; cut: boolean }> {
  const { bytes, cut } = await readBytes(res, max);
  return { text: utf8.decode(bytes), cut };
}
