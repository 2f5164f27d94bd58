/**
 * One run at a time in a mirror's directory: a lock folder, `DIR/.lock`, created with `mkdir`
 * (atomic: of two runs, one gets it), its modification time refreshed while the run goes, and
 * taken over when its run is gone: at once when the run was on this machine and its process no
 * longer exists (Linux's /proc tells, with the process's start time against a reused pid),
 * else once the lock is older than {@linkcode LOCK_STALE_MS}.
 *
 * This is what npm's `proper-lockfile` does. It was measured under Deno 2.9 first: it works
 * and is cheap (38 ms to import, 2.5 ms to lock), but it loads `signal-exit`, which listens for
 * SIGINT and SIGTERM in the whole process and raises the signal again once its handler ran: in
 * `ecos mirror`, whose own SIGINT listener stops a run cleanly (progress line cleared, exit
 * 130), the first Ctrl-C then killed the process at once. Hence these few lines.
 *
 * @module
 */

import { EcosError, invalidArgument } from "../errors.ts";
import { joinPath, LOCK_DIR } from "./layout.ts";

/** A lock whose folder is older than this is stale: its run stopped refreshing it. */
export const LOCK_STALE_MS = 60_000;
/** How often a run refreshes its lock. */
export const LOCK_REFRESH_MS = 10_000;

/** Who holds a lock: written into the lock's folder, for the message a second run gets. */
interface Owner {
  pid: number;
  hostname: string;
  startedAt: string;
  token: string;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), where known. */
  procStart?: string;
}

/** A process's start time from /proc; `undefined` where there is no /proc or no process. */
async function procStart(pid: number | "self"): Promise<string | undefined> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    // Fields after the command name (which may hold spaces) in parentheses; the 22nd field.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** Whether a lock's run is known to be gone: same machine, and its process is not there. */
async function ownerGone(owner: Partial<Owner>): Promise<boolean> {
  if (owner.pid === undefined || owner.procStart === undefined) return false;
  if (owner.hostname !== hostname() || (await procStart("self")) === undefined) return false;
  return (await procStart(owner.pid)) !== owner.procStart;
}

/** A held lock. */
export interface MirrorLock {
  /** Throws when another run took the lock over (this run stalled past the stale time). */
  check(): void;
  /** Releases the lock. Safe to call twice. */
  release(): Promise<void>;
}

/** The owner of a lock, as far as its file tells. */
async function ownerOf(path: string): Promise<Partial<Owner>> {
  try {
    return JSON.parse(await Deno.readTextFile(joinPath(path, "owner.json"))) as Partial<Owner>;
  } catch {
    return {};
  }
}

function hostname(): string {
  try {
    return Deno.hostname();
  } catch {
    return "";
  }
}

/**
 * Takes a mirror's lock, taking over a stale one.
 *
 * @param dir The mirror's directory (it exists).
 * @returns The lock.
 * @throws {EcosError} INVALID_ARGUMENT when another run holds it (nothing has been sent).
 */
export async function lockMirror(dir: string): Promise<MirrorLock> {
  const path = joinPath(dir, LOCK_DIR);
  const start = await procStart("self");
  const owner: Owner = {
    pid: Deno.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    token: crypto.randomUUID(),
    ...(start === undefined ? {} : { procStart: start }),
  };
  for (let attempt = 0;; attempt++) {
    try {
      await Deno.mkdir(path);
      break;
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists) || attempt > 0) throw lockedError(dir, path, e);
      const stat = await Deno.stat(path).catch(() => undefined);
      const age = Date.now() - (stat?.mtime?.getTime() ?? 0);
      const holder = await ownerOf(path);
      if (stat !== undefined && age <= LOCK_STALE_MS && !(await ownerGone(holder))) {
        throw lockedError(dir, path, e, holder);
      }
      // Stale: moved aside under a unique name (of two runs, one succeeds), then removed.
      const aside = `${path}.stale-${owner.token}`;
      try {
        await Deno.rename(path, aside);
        await Deno.remove(aside, { recursive: true });
      } catch {
        // Another run moved it first; the next mkdir decides.
      }
    }
  }
  await Deno.writeTextFile(joinPath(path, "owner.json"), JSON.stringify(owner));
  let lost = false;
  let released = false;
  const refresh = async () => {
    try {
      const now = new Date();
      await Deno.utime(path, now, now);
      if ((await ownerOf(path)).token !== owner.token) lost = true;
    } catch {
      lost = true;
    }
  };
  const timer = setInterval(() => void refresh(), LOCK_REFRESH_MS);
  Deno.unrefTimer(timer);
  return {
    check() {
      if (lost) {
        throw new EcosError(
          "ABORTED",
          `Another run took over the lock of ${dir} while this one stalled; let it finish, ` +
            "then run the mirror again",
        );
      }
    },
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      if ((await ownerOf(path)).token === owner.token) {
        await Deno.remove(path, { recursive: true }).catch(() => {});
      }
    },
  };
}

function lockedError(dir: string, path: string, cause: unknown, owner: Partial<Owner> = {}) {
  const who = owner.pid === undefined
    ? ""
    : ` (process ${owner.pid}${owner.hostname ? ` on ${owner.hostname}` : ""}, since ${
      owner.startedAt ?? "?"
    })`;
  return invalidArgument(
    `Wait for the other run to finish: another mirror run is writing ${dir}${who}. A lock left ` +
      `by a killed run is taken over after ${LOCK_STALE_MS / 1000} s; remove ${path} if no ` +
      "run is going",
    cause,
  );
}
