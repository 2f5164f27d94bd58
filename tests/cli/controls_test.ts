/**
 * Text from the service never drives the terminal: control characters (ESC, BEL, other C0
 * and C1 controls) and bidi overrides in names and in the service's messages are drawn as
 * escapes in tables and error lines, while files written with --out keep them byte for byte.
 */

import assert from "node:assert/strict";
import { pl } from "../../mod.ts";
import { renderTable } from "../../src/cli/output.ts";
import { ecos, KEY, tempDir } from "./_cli.ts";

/** A name as a hostile service might send it: clear the screen, retitle the window, ring, reverse. */
const HOSTILE = "소비자\x1b[2J\x1b]0;pwned\x07물가\u202eesrever\x9b31m\tend";
const SHOWN = "소비자\\x1b[2J\\x1b]0;pwned\\x07물가\\u202eesrever\\x9b31m\\tend";
/** What must never reach a terminal raw. */
// deno-lint-ignore no-control-regex -- the characters the terminal must not receive
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

/** An ECOS-shaped server: a table list holding a hostile name; RESULT bodies with one too. */
function hostileServer(): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const [, , service, key] = new URL(req.url).pathname.split("/");
    if (service === "StatisticTableList" && key === KEY) {
      return Response.json({
        StatisticTableList: {
          list_total_count: 2,
          row: [
            {
              P_STAT_CODE: "*",
              STAT_CODE: "0000000010",
              STAT_NAME: "1. 물가",
              CYCLE: null,
              SRCH_YN: "N",
              ORG_NAME: null,
            },
            {
              P_STAT_CODE: "0000000010",
              STAT_CODE: "901Y009",
              STAT_NAME: `1.1. ${HOSTILE}`,
              CYCLE: "M",
              SRCH_YN: "Y",
              ORG_NAME: null,
            },
          ],
        },
      });
    }
    return Response.json({
      RESULT: { CODE: "INFO-100", MESSAGE: `인증키\x1b[31m 오류\x07\u202e` },
    });
  });
}

Deno.test("ecos tables draws a name's control characters as escapes", async () => {
  await using server = hostileServer();
  const env = { ECOS_API_KEY: KEY, ECOS_BASE_URL: `http://127.0.0.1:${server.addr.port}/api` };
  const run = await ecos(["tables"], { env });
  assert.equal(run.code, 0, run.stderr);
  assert.doesNotMatch(run.stdout, RAW);
  assert.ok(run.stdout.includes(SHOWN), run.stdout);
});

Deno.test("ecos tables --out keeps the name byte for byte", async () => {
  await using server = hostileServer();
  await using dir = await tempDir();
  const env = { ECOS_API_KEY: KEY, ECOS_BASE_URL: `http://127.0.0.1:${server.addr.port}/api` };
  for (const name of ["t.csv", "t.json"]) {
    const run = await ecos(["tables", "--out", `${dir.path}/${name}`], { env });
    assert.equal(run.code, 0, run.stderr);
    const text = await Deno.readTextFile(`${dir.path}/${name}`);
    assert.ok(
      text.includes(name.endsWith(".csv") ? HOSTILE : JSON.stringify(HOSTILE).slice(1, -1)),
      JSON.stringify(text),
    );
  }
  // And to stdout: the rows are the data, written as they are.
  const piped = await ecos(["tables", "--out", "-", "--as", "ndjson"], { env });
  assert.equal(piped.code, 0, piped.stderr);
  assert.equal(JSON.parse(piped.stdout.trim()).STAT_NAME, HOSTILE);
});

Deno.test("an error line draws the service's control characters as escapes", async () => {
  await using server = hostileServer();
  const env = {
    ECOS_API_KEY: "another-key",
    ECOS_BASE_URL: `http://127.0.0.1:${server.addr.port}/api`,
  };
  const run = await ecos(["keystats"], { env });
  assert.equal(run.code, 1);
  assert.doesNotMatch(run.stderr, RAW);
  assert.match(run.stderr, /^ecos: INFO-100: .*인증키\\x1b\[31m 오류\\x07\\u202e/);
  assert.ok(run.stderr.endsWith("\n") && run.stderr.split("\n").length === 2, run.stderr);
});

Deno.test("renderTable() escapes column names, captions and cells alike", () => {
  const df = pl.DataFrame({
    "NAME\x1b[1m": ["a\x07", "b\u2066"],
    UNIT: ["%\x1b[0m", "%\x1b[0m"],
  });
  const { text } = renderTable(df);
  assert.doesNotMatch(text, RAW);
  assert.match(text, /^UNIT: %\\x1b\[0m\n/);
  assert.match(text, /│ NAME\\x1b\[1m │/);
  assert.match(text, /│ a\\x07 +│/);
  assert.match(text, /│ b\\u2066 +│/);
});
