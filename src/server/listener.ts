/**
 * The listener watch: with Deno 2.9.6, a `node:http` listener whose accept fails with "too
 * many open files" stops accepting for good, and nothing tells (no "error" event; `listening`
 * stays true; measured). The connection limit (limits.ts) keeps the server's own connections
 * from causing it, but other descriptors of the process can. So the watch checks, on a timer,
 * that connections are still accepted: an interval in which one arrived proves it; after a
 * quiet one, the watch connects to the server itself, and when even that connection is not
 * accepted within the next interval, the listener is closed and opened again on the same
 * address (measured: this recovers once descriptors are free). Each change is reported
 * through the server's `onWarning`, so that a listener never stops silently.
 *
 * @module
 */

import { connect, type Server, type Socket } from "node:net";

/** Where the listener listens. */
export interface ListenAddress {
  /** The bound address. */
  host: string;
  /** The bound port. */
  port: number;
}

/** Watches a listener and restarts it when it no longer accepts. */
export class ListenerWatch {
  readonly #server: Server;
  readonly #backlog: number;
  readonly #intervalMs: number;
  readonly #warn: (message: string) => void;
  #address: ListenAddress = { host: "", port: 0 };
  #timer: ReturnType<typeof setInterval> | undefined;
  #accepted = 0;
  #seen = 0;
  #lastTick = 0;
  #probe: Socket | undefined;
  #probing = false;
  #down = false;

  /**
   * @param server The server whose listener is watched.
   * @param backlog Its listen backlog (a restart listens with the same).
   * @param intervalMs How often to check.
   * @param warn Told when the listener is restarted, and when it accepts again.
   */
  constructor(
    server: Server,
    backlog: number,
    intervalMs: number,
    warn: (message: string) => void,
  ) {
    this.#server = server;
    this.#backlog = backlog;
    this.#intervalMs = intervalMs;
    this.#warn = warn;
  }

  /** Notes an accepted connection: the listener works. */
  accepted(): void {
    this.#accepted++;
    if (this.#down) {
      this.#down = false;
      this.#warn(`The server accepts connections again at ${this.#where()}`);
    }
  }

  /**
   * Starts checking a listener bound to `address` (a restart binds the same).
   *
   * @param address The bound address and port.
   */
  start(address: ListenAddress): void {
    this.#address = address;
    this.#lastTick = performance.now();
    this.#timer = setInterval(() => this.#tick(), this.#intervalMs);
  }

  /** Stops checking, and waits until a probe still open has closed. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    const probe = this.#probe;
    this.#probe = undefined;
    if (probe && !probe.closed) {
      const closed = new Promise<void>((resolve) => probe.once("close", () => resolve()));
      probe.destroy();
      await closed;
    }
  }

  #tick(): void {
    const now = performance.now();
    // A tick long overdue means this process was busy: the probe's connection may be waiting
    // unseen in the kernel's queue, so it proves nothing either way. Start again.
    const late = now - this.#lastTick > 1.5 * this.#intervalMs;
    this.#lastTick = now;
    if (this.#accepted !== this.#seen || late) {
      this.#seen = this.#accepted;
      this.#endProbe();
      return;
    }
    if (this.#probing) {
      this.#endProbe();
      this.#restart();
      return;
    }
    this.#startProbe();
  }

  #startProbe(): void {
    this.#probing = true;
    const { host, port } = this.#address;
    const probe = connect({ host: probeHost(host), port });
    // Refused, or out of descriptors: nothing is accepted, and the next tick restarts.
    probe.on("error", () => {});
    // Accepted by the kernel is enough: the server's accept sees it even once closed.
    probe.once("connect", () => probe.destroy());
    this.#probe = probe;
  }

  #endProbe(): void {
    this.#probing = false;
    this.#probe?.destroy();
    this.#probe = undefined;
  }

  #restart(): void {
    if (!this.#down) {
      this.#down = true;
      this.#warn(
        `The server stopped accepting connections at ${this.#where()} (out of file ` +
          `descriptors?): listening again`,
      );
    }
    const { host, port } = this.#address;
    const backlog = this.#backlog;
    try {
      this.#server.close();
    } catch {
      // Not listening any more: listen again all the same.
    }
    // A failure (the port taken meanwhile, still no descriptors) is an "error" event, which
    // the transport ignores; the next quiet interval tries again.
    this.#server.listen({ host, port, backlog });
  }

  #where(): string {
    const { host, port } = this.#address;
    return host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
  }
}

/** The address to reach a listener at: a loopback address for a wildcard one. */
function probeHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "::1";
  return host;
}
