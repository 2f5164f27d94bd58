/**
 * A subscriber to the Jupyter kernel's IOPub channel, so that a cell can wait until what it
 * displayed has been published.
 *
 * Why: Deno's kernel (2.9) publishes a cell's outputs from a queue that a second task drains,
 * while the task that ran the cell goes on to send `execute_reply` and then `status: idle`.
 * Each message is signed (HMAC) on its way out, so the two tasks race, and now and then an
 * output leaves after the idle status. A client such as nbclient, or JupyterLab, takes idle as
 * the end of the cell and drops what comes after. Watching IOPub as one more subscriber tells
 * the cell when its output has gone out: the kernel writes each message to its subscribers in
 * the order they connected, so by the time this late subscriber reads it, the frontend's copy
 * is already on its way, ahead of the idle status that can only follow the cell's end.
 *
 * The wire is ZMTP 3.0 with the NULL mechanism (https://rfc.zeromq.org/spec/23/): a 64-byte
 * greeting each way, a READY command each way, then frames. A SUB subscribes to everything with
 * a one-byte message `0x01`. Jupyter messages are multipart: identities, `<IDS|MSG>`, the
 * signature, header, parent header, metadata, content, buffers.
 *
 * @module
 */

const ENCODER = new TextEncoder();
const DECODER = new TextDecoder();
const DELIMITER = "<IDS|MSG>";

/** Where the kernel's IOPub socket listens. */
export interface IopubAddress {
  /** The kernel's IP address, e.g. "127.0.0.1". */
  ip: string;
  /** The IOPub port. */
  port: number;
}

/** This process's command line, where the system tells it (Linux's /proc). */
function commandLine(): string[] {
  try {
    return Deno.readTextFileSync("/proc/self/cmdline").split("\0");
  } catch {
    return [];
  }
}

/**
 * The IOPub address of the kernel this process is, read from the connection file named on
 * its command line (`deno jupyter --kernel --conn FILE`); `undefined` where the command line
 * cannot be read, for another process, or for a transport other than TCP.
 *
 * @param argv The command line.
 * @returns The address, or `undefined`.
 */
export function kernelIopubAddress(
  argv: readonly string[] = commandLine(),
): IopubAddress | undefined {
  try {
    const at = argv.indexOf("--conn");
    const file = at < 0 ? undefined : argv[at + 1];
    if (file === undefined) return undefined;
    const info = JSON.parse(Deno.readTextFileSync(file)) as Record<string, unknown>;
    const { ip, iopub_port: port, transport } = info;
    if (transport !== undefined && transport !== "tcp") return undefined;
    if (typeof ip !== "string" || typeof port !== "number") return undefined;
    return { ip, port };
  } catch {
    return undefined;
  }
}

/** Reads exact byte counts from a connection, through one growing buffer. */
class ByteReader {
  readonly #conn: Deno.Conn;
  #buf = new Uint8Array(64 * 1024);
  #start = 0;
  #end = 0;

  constructor(conn: Deno.Conn) {
    this.#conn = conn;
  }

  async take(n: number): Promise<Uint8Array> {
    while (this.#end - this.#start < n) {
      if (this.#start > 0) {
        this.#buf.copyWithin(0, this.#start, this.#end);
        this.#end -= this.#start;
        this.#start = 0;
      }
      if (this.#buf.length < n) {
        const grown = new Uint8Array(Math.max(n, this.#buf.length * 2));
        grown.set(this.#buf.subarray(0, this.#end));
        this.#buf = grown;
      }
      const read = await this.#conn.read(this.#buf.subarray(this.#end));
      if (read === null) throw new Error("The kernel closed its IOPub connection");
      this.#end += read;
    }
    const out = this.#buf.slice(this.#start, this.#start + n);
    this.#start += n;
    return out;
  }
}

interface Frame {
  body: Uint8Array;
  more: boolean;
  command: boolean;
}

async function readFrame(reader: ByteReader): Promise<Frame> {
  const [flags = 0] = await reader.take(1);
  const long = (flags & 0x02) !== 0;
  const sizeBytes = await reader.take(long ? 8 : 1);
  const size = long ? Number(new DataView(sizeBytes.buffer).getBigUint64(0)) : sizeBytes[0] ?? 0;
  return {
    body: await reader.take(size),
    more: (flags & 0x01) !== 0,
    command: (flags & 0x04) !== 0,
  };
}

/** One ZMTP frame: flags, a short or long size, the body. */
export function encodeFrame(body: Uint8Array, { more = false, command = false } = {}): Uint8Array {
  const long = body.length > 255;
  const head = long ? 9 : 2;
  const out = new Uint8Array(head + body.length);
  out[0] = (more ? 0x01 : 0) | (long ? 0x02 : 0) | (command ? 0x04 : 0);
  if (long) new DataView(out.buffer).setBigUint64(1, BigInt(body.length));
  else out[1] = body.length;
  out.set(body, head);
  return out;
}

/** The 64-byte ZMTP 3.0 greeting of the NULL mechanism, as a client. */
export function greeting(): Uint8Array {
  const out = new Uint8Array(64);
  out[0] = 0xff;
  out[9] = 0x7f;
  out[10] = 3;
  out.set(ENCODER.encode("NULL"), 12);
  return out;
}

/** The READY command with one property, Socket-Type. */
export function readyCommand(socketType: string): Uint8Array {
  const name = ENCODER.encode("READY");
  const key = ENCODER.encode("Socket-Type");
  const value = ENCODER.encode(socketType);
  const body = new Uint8Array(1 + name.length + 1 + key.length + 4 + value.length);
  let at = 0;
  body[at++] = name.length;
  body.set(name, at);
  at += name.length;
  body[at++] = key.length;
  body.set(key, at);
  at += key.length;
  new DataView(body.buffer).setUint32(at, value.length);
  body.set(value, at + 4);
  return encodeFrame(body, { command: true });
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length;) at += await conn.write(bytes.subarray(at));
}

/** The message type and the content's text of a Jupyter message, or undefined. */
function readMessage(frames: readonly Uint8Array[]): { type: string; content: string } | undefined {
  const at = frames.findIndex((f) =>
    f.length === DELIMITER.length && DECODER.decode(f) === DELIMITER
  );
  const header = frames[at + 2];
  const content = frames[at + 5];
  if (at < 0 || header === undefined || content === undefined) return undefined;
  try {
    const type = (JSON.parse(DECODER.decode(header)) as { msg_type?: unknown }).msg_type;
    return typeof type === "string" ? { type, content: DECODER.decode(content) } : undefined;
  } catch {
    return undefined;
  }
}

/** A subscription to a kernel's IOPub channel. */
export interface IopubWatch {
  /**
   * Resolves once a `display_data` message whose content holds `id` (its display id) has been
   * published, or after `limitMs` (default 30 s) in any case, so that no cell can hang on it.
   * Call it before the display is sent.
   */
  published(id: string, limitMs?: number): Promise<void>;
  /**
   * Resolves `true` when the next message of any kind arrives (which proves the subscription is
   * in place), or `false` after `limitMs`.
   */
  next(limitMs: number): Promise<boolean>;
  /** Closes the connection. */
  close(): void;
}

/**
 * Subscribes to every message of the IOPub socket at `address`.
 *
 * @param address Where the socket listens.
 * @returns The subscription; its messages are read until it is closed or the kernel goes.
 */
export async function watchIopub(address: IopubAddress): Promise<IopubWatch> {
  const conn = await Deno.connect({ hostname: address.ip, port: address.port });
  const reader = new ByteReader(conn);
  try {
    await writeAll(conn, greeting());
    await reader.take(64);
    await writeAll(conn, readyCommand("SUB"));
    // The peer's READY.
    while (!(await readFrame(reader)).command);
    await writeAll(conn, encodeFrame(new Uint8Array([1])));
  } catch (e) {
    conn.close();
    throw e;
  }
  const waiting = new Map<string, () => void>();
  const nextWaiting = new Set<(arrived: boolean) => void>();
  let closed = false;
  (async () => {
    try {
      for (;;) {
        const frames: Uint8Array[] = [];
        for (let f = await readFrame(reader);; f = await readFrame(reader)) {
          if (!f.command) frames.push(f.body);
          if (!f.more) break;
        }
        for (const resolve of nextWaiting) resolve(true);
        nextWaiting.clear();
        const message = readMessage(frames);
        if (message?.type !== "display_data") continue;
        for (const [id, resolve] of waiting) {
          if (message.content.includes(id)) resolve();
        }
      }
    } catch {
      // The connection ended: whoever waits is let go rather than left hanging.
      closed = true;
      for (const resolve of waiting.values()) resolve();
      for (const resolve of nextWaiting) resolve(false);
    }
  })();
  /** A promise and a timer that settles it after `limitMs` unless something else does first. */
  const bounded = <T>(limitMs: number, onTime: T) => {
    const { promise, resolve } = Promise.withResolvers<T>();
    const timer = setTimeout(() => resolve(onTime), limitMs);
    return { promise: promise.finally(() => clearTimeout(timer)), resolve };
  };
  return {
    next(limitMs) {
      if (closed) return Promise.resolve(false);
      const { promise, resolve } = bounded(limitMs, false);
      nextWaiting.add(resolve);
      return promise.finally(() => nextWaiting.delete(resolve));
    },
    published(id, limitMs = 30_000) {
      if (closed) return Promise.resolve();
      const { promise, resolve } = bounded<void>(limitMs, undefined);
      waiting.set(id, resolve);
      return promise.finally(() => waiting.delete(id));
    },
    close() {
      closed = true;
      try {
        conn.close();
      } catch {
        // Already closed.
      }
    },
  };
}
