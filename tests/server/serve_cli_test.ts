/**
 * What `ecos serve` (and the server's own entry, which reads the same flags) refuses before it
 * starts: a keys file that is not a regular file of bounded size (a FIFO would block start-up,
 * /dev/zero would be read until memory ran out), an empty --hostname (it would bind every
 * interface), and values out of range; each with exit 2 and a message that says what to give.
 * And what it warns about: an address other machines can reach.
 *
 * @module
 */

import assert from "node:assert/strict";
import { main } from "../../src/cli.ts";
import { MAX_KEYS_FILE_BYTES, parseServeArgs, readKeysFileText } from "../../src/server/cli.ts";
import { exposureWarning } from "../../src/server/server.ts";
import { mkfifo } from "../testdata/fifo.ts";
import { tempDir as makeTempDir } from "../testdata/temp_dir.ts";

/** Runs `ecos serve <args>` in this process, stopped as soon as it listens. */
async function serve(args: string[]) {
  const stop = new AbortController();
  let stdout = "";
  let stderr = "";
  const code = await main(["serve", "--port", "0", ...args], {
    env: {},
    isTTY: false,
    signal: stop.signal,
    stdout: (text) => {
      stdout += text;
      if (text.includes("listening at")) stop.abort();
    },
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

const tempDir = () => makeTempDir("ecos_serve_");

Deno.test("ecos serve refuses a keys file that is not a regular file, before opening it", async (t) => {
  await using dir = await tempDir();
  const fifo = `${dir.path}/keys.fifo`;
  await mkfifo(fifo);
  const cases: [path: string, what: RegExp][] = [
    // Opening a FIFO for reading blocks until a writer comes: it must not be opened at all.
    [fifo, /: it is a FIFO \(named pipe\), not a regular file: give a file of keys, one a line\n/],
    // Endless: it would be read until memory ran out.
    ["/dev/zero", /: it is a character device, not a regular file/],
    [dir.path, /: it is a directory, not a regular file/],
  ];
  for (const [path, what] of cases) {
    await t.step(path.replace(dir.path, "TMP"), async () => {
      const run = await serve(["--keys-file", path]);
      assert.equal(run.code, 2);
      assert.equal(run.stdout, "");
      assert.match(run.stderr, new RegExp(`^ecos: Cannot read --keys-file ${path}`));
      assert.match(run.stderr, what);
      assert.match(run.stderr, /\nRun "ecos serve --help" for its arguments and an example\n$/);
    });
  }
});

Deno.test("ecos serve refuses a keys file larger than 1 MiB, and takes one at the limit", async () => {
  await using dir = await tempDir();
  const big = `${dir.path}/big.txt`;
  const line = "k".repeat(1023) + "\n";
  await Deno.writeTextFile(big, line.repeat(1024) + "x");
  const run = await serve(["--keys-file", big]);
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /: it holds 1048577 bytes, more than a keys file may \(1048576\): give a file of keys/,
  );
  assert.equal(MAX_KEYS_FILE_BYTES, 1_048_576);
  await Deno.writeTextFile(big, line.repeat(1024));
  assert.equal(readKeysFileText(big).length, 1_048_576);
});

Deno.test("ecos serve follows a link to a regular keys file", async () => {
  await using dir = await tempDir();
  await Deno.writeTextFile(`${dir.path}/keys.txt`, "# keys\nlinked-key\n");
  await Deno.symlink(`${dir.path}/keys.txt`, `${dir.path}/link.txt`);
  const options = parseServeArgs(["--keys-file", `${dir.path}/link.txt`]);
  assert.ok(options !== "help");
  assert.deepEqual(options.keys, ["linked-key"]);
  const run = await serve(["--keys-file", `${dir.path}/link.txt`]);
  assert.equal(run.code, 0);
  assert.equal(run.stderr, "");
});

Deno.test("ecos serve refuses an empty --hostname: it would bind every interface", async () => {
  for (const args of [["--hostname", ""], ["--hostname="], ["--hostname", " "]]) {
    const run = await serve(args);
    assert.equal(run.code, 2, args.join(" "));
    assert.equal(run.stdout, "");
    assert.match(
      run.stderr,
      /^ecos: Give --hostname an address, e\.g\. 127\.0\.0\.1 \(this machine only\) or 0\.0\.0\.0 \(every interface\): got "\s*"\n/,
    );
  }
});

Deno.test("ecos serve exits 2 on values out of range", async (t) => {
  const cases: [string[], RegExp][] = [
    [["--port", "70000"], /^ecos: Cannot listen on port 70000: use a whole number 0-65535\n/],
    [["--header-timeout", "0"], /^ecos: Cannot use headerTimeoutMs 0: use a whole number/],
    [["--idle-timeout", "2147483648"], /^ecos: Cannot use idleTimeoutMs 2147483648: use a whole/],
    [["--write-timeout", "0"], /^ecos: Cannot use writeTimeoutMs 0: use a whole number/],
    [["--rate-limit", "0/1000"], /^ecos: Cannot use this rateLimit: requests must be a whole/],
    [["--rate-limit", "5/0"], /^ecos: Cannot use this rateLimit: requests must be a whole/],
    [["--revision", "99999999999999999999"], /^ecos: Cannot use revision 100000000000000000000/],
    [["--data-end", "2020-01-01"], /^ecos: Cannot end the data on 2020-01-01: use a date from/],
  ];
  for (const [args, line] of cases) {
    await t.step(args.join(" "), async () => {
      const run = await serve(args);
      assert.equal(run.code, 2);
      assert.equal(run.stdout, "");
      assert.match(run.stderr, line);
      assert.match(run.stderr, /\nRun "ecos serve --help" for its arguments and an example\n$/);
    });
  }
});

Deno.test("the server warns about an address other machines can reach, not about loopback", () => {
  for (const address of ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"]) {
    assert.equal(exposureWarning(address), undefined, address);
  }
  assert.equal(
    exposureWarning("0.0.0.0"),
    "Listening on 0.0.0.0 (every interface), which other machines may reach: anyone who can " +
      "connect can use this server; bind 127.0.0.1 to keep it to this machine",
  );
  assert.match(exposureWarning("::") ?? "", /^Listening on :: \(every interface\), /);
  assert.match(exposureWarning("192.168.1.20") ?? "", /^Listening on 192\.168\.1\.20, which /);
  assert.match(exposureWarning("fe80::1") ?? "", /^Listening on fe80::1, which /);
});
