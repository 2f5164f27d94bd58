/**
 * One connection of the bundled server: its requests in arrival order and their answers,
 * written one at a time in that order (as HTTP/1.1 asks of pipelined requests), a chunk at a
 * time and only as fast as the client reads; the time limits on a client that stops reading
 * and on an idle connection; and, when the connection closes for whatever reason, everything
 * it held settled at once.
 *
 * Why the answers are settled here rather than by `node:http`: with Deno 2.9.6 a response
 * queued behind another on a pipelined connection never emits "finish" or "close" once the
 * client has gone (measured: 500 pipelined requests, then a disconnect: 15 of 500 settled), so
 * whatever waited on them waited for good and held the answer's memory.
 *
 * @module
 */

import type { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { setImmediate } from "node:timers";
import { internalError, type Outgoing } from "./response.ts";

/** Answers a request by its target; `signal` aborts when the request's connection closes. */
export type Handler = (target: string, signal: AbortSignal) => Outgoing | Promise<Outgoing>;

/** The limits one connection is held to. */
export interface ConnectionLimits {
  /** How long a connection may stay open with nothing to answer, in milliseconds. */
  idleTimeoutMs: number;
  /** How long a write may wait for the client to take bytes, in milliseconds. */
  writeTimeoutMs: number;
  /** How many requests may be in progress on one connection (pipelined) at once. */
  pipelineLimit: number;
}

/** A request in progress: its response, its answer (maybe still being made), its abort. */
interface Job {
  res: ServerResponse;
  answer: Promise<Outgoing>;
  abort: AbortController;
}

/** What a write waits on: a response ("finish", "drain") or the socket ("close"). */
type Emitter = Pick<EventEmitter, "once" | "off">;

const EMPTY = new Uint8Array(0);

/** Lets other connections' work run between two chunks of a long answer. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A connection and what it owes: answers are made as requests arrive (cheaply: bodies are
 * rendered as they are written) and written strictly in order.
 */
export class Connection {
  /** The connection's socket. */
  readonly socket: Socket;
  /** Resolves once the socket has closed. */
  readonly closed: Promise<void>;
  readonly #limits: ConnectionLimits;
  #queue: Job[] = [];
  #writing = false;
  #isClosed = false;
  #idle: ReturnType<typeof setTimeout> | undefined;
  /** Waits that the connection's close ends (writes, drained()). */
  readonly #onClose = new Set<() => void>();
  /** Waits that the end of the last answer owed ends (drained()). */
  readonly #onDrained = new Set<() => void>();

  /**
   * Watches a new connection. Its head is under `node:http`'s header limit until a request
   * arrives; the idle limit starts once it has nothing left to answer.
   */
  constructor(socket: Socket, limits: ConnectionLimits) {
    this.socket = socket;
    this.#limits = limits;
    this.closed = new Promise<void>((resolve) =>
      socket.once("close", () => {
        this.#isClosed = true;
        this.#disarm();
        // What is queued is owed to nobody now: its waits end and its memory goes.
        for (const job of this.#queue) job.abort.abort();
        this.#queue = [];
        for (const settle of [...this.#onClose]) settle();
        resolve();
      })
    );
  }

  /** Whether the connection has closed or is closing (destroyed, its "close" yet to come). */
  get #gone(): boolean {
    return this.#isClosed || this.socket.destroyed;
  }

  /** Whether the connection has requests in progress. */
  get busy(): boolean {
    return this.#queue.length > 0;
  }

  /**
   * A request arrived: its answer is asked of `handler` now and written after those before
   * it. A request beyond the pipeline limit closes the connection instead: a client that
   * sends requests without reading the answers cannot make the server hold more of them.
   */
  request(req: IncomingMessage, res: ServerResponse, handler: Handler): void {
    if (this.#gone) return;
    if (this.#queue.length >= this.#limits.pipelineLimit) return void this.socket.destroy();
    // A write to a connection that has just gone must not become an unhandled "error".
    res.on("error", () => {});
    this.#disarm();
    const abort = new AbortController();
    const answer = (async () => {
      try {
        return await handler(req.url ?? "/", abort.signal);
      } catch {
        return internalError();
      }
    })();
    this.#queue.push({ res, answer, abort });
    this.#next();
  }

  /** Resolves once nothing is left to answer, or the connection has closed. */
  drained(): Promise<void> {
    if (this.#isClosed || !this.busy) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        this.#onClose.delete(done);
        this.#onDrained.delete(done);
        resolve();
      };
      this.#onClose.add(done);
      this.#onDrained.add(done);
    });
  }

  /** Writes the first answer owed, if no write is under way; arms the idle limit if none is. */
  #next(): void {
    if (this.#writing || this.#isClosed) return;
    const job = this.#queue[0];
    if (!job) {
      for (const settle of [...this.#onDrained]) settle();
      this.#arm();
      return;
    }
    this.#writing = true;
    this.#answer(job).finally(() => {
      if (this.#queue[0] === job) this.#queue.shift();
      this.#writing = false;
      this.#next();
    });
  }

  /** Waits for an answer, then writes it; a failure ends the connection, never the process. */
  async #answer(job: Job): Promise<void> {
    const out = await this.#unlessClosed(job.answer);
    if (out === undefined || this.#gone) return;
    try {
      await this.#write(job.res, out);
    } catch {
      if (this.#gone) return;
      if (job.res.headersSent) this.socket.destroy();
      else await this.#write(job.res, internalError()).catch(() => this.socket.destroy());
    }
  }

  /**
   * Waits for `promise`, or for the connection to close (undefined). Not a race with
   * `this.closed`: each such race would stay attached to a kept-alive connection's `closed`,
   * and keep its answer, until the connection ends.
   */
  #unlessClosed<T>(promise: Promise<T>): Promise<T | undefined> {
    return new Promise<T | undefined>((resolve) => {
      const gone = () => resolve(undefined);
      this.#onClose.add(gone);
      promise.then((value) => {
        this.#onClose.delete(gone);
        resolve(value);
      });
    });
  }

  /**
   * Writes an answer a chunk at a time: each chunk is made only once the one before is taken
   * by the connection (or, when the client does not take it within the write limit, the
   * connection is closed). An answer of one chunk declares its Content-Length; a longer one is
   * sent chunked. A cut answer declares its whole length, sends part of it, then ends the
   * connection.
   */
  async #write(res: ServerResponse, out: Outgoing): Promise<void> {
    const chunks = out.body[Symbol.iterator]();
    try {
      if (out.declaredLength !== undefined) {
        return await this.#writeCut(res, out, out.declaredLength, chunks);
      }
      const first = chunks.next();
      const second = first.done ? first : chunks.next();
      if (second.done) {
        const body = first.done ? EMPTY : first.value;
        res.writeHead(out.status, {
          "content-type": out.contentType,
          "content-length": String(body.length),
        });
        res.end(body);
        return await this.#until(res, "finish", () => res.writableFinished);
      }
      // The length is not known before the last chunk is made: Transfer-Encoding: chunked.
      res.writeHead(out.status, { "content-type": out.contentType });
      for (const chunk of [first.value, second.value]) {
        if (!(await this.#send(res, chunk))) return;
      }
      for (let c = chunks.next(); !c.done; c = chunks.next()) {
        if (!(await this.#send(res, c.value))) return;
      }
      res.end();
      await this.#until(res, "finish", () => res.writableFinished);
    } finally {
      chunks.return?.();
    }
  }

  /** Writes one chunk and waits until it is taken; false once the connection has closed. */
  async #send(res: ServerResponse, chunk: Uint8Array): Promise<boolean> {
    if (this.#gone) return false;
    if (!res.write(chunk)) await this.#until(res, "drain");
    // "drain" may come as a microtask (Deno's writes complete so): without a turn of the event
    // loop here, a client that reads fast would have the server to itself for the whole body.
    await nextTurn();
    return !this.#gone;
  }

  async #writeCut(
    res: ServerResponse,
    out: Outgoing,
    declaredLength: number,
    chunks: Iterator<Uint8Array>,
  ): Promise<void> {
    res.writeHead(out.status, {
      "content-type": out.contentType,
      "content-length": String(declaredLength),
    });
    let sent = 0;
    for (let c = chunks.next(); !c.done; c = chunks.next()) {
      if (c.value.length === 0) continue;
      sent += c.value.length;
      if (!(await this.#send(res, c.value))) return;
    }
    if (sent === 0) res.flushHeaders();
    // Closing the connection after what was written: the client reads a body shorter than
    // declared. Destroyed rather than half-closed, so that a client that never closes its side
    // does not hold the connection.
    this.socket.end(() => this.socket.destroy());
    await this.#until(this.socket, "close", () => this.#isClosed);
  }

  /**
   * Waits for `event` on `emitter` (unless `already` says it has happened), for the connection
   * to close, or for the write limit: a client that takes no bytes for that long is cut off
   * (the connection is closed).
   */
  #until(emitter: Emitter, event: string, already = () => false): Promise<void> {
    if (this.#gone || already()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        emitter.off(event, done);
        this.#onClose.delete(done);
        resolve();
      };
      const timer = setTimeout(() => {
        this.socket.destroy();
        done();
      }, this.#limits.writeTimeoutMs);
      emitter.once(event, done);
      this.#onClose.add(done);
    });
  }

  #arm(): void {
    this.#disarm();
    if (this.socket.destroyed) return;
    this.#idle = setTimeout(() => this.socket.destroy(), this.#limits.idleTimeoutMs);
  }

  #disarm(): void {
    if (this.#idle !== undefined) {
      clearTimeout(this.#idle);
      this.#idle = undefined;
    }
  }
}
