import assert from "node:assert/strict";
import { EcosError } from "../../mod.ts";
import { errorLine, exitCode, OutputError, UsageError } from "../../src/cli/errors.ts";

Deno.test("exitCode() is 2 for bad arguments, 130 when interrupted, else 1", () => {
  assert.equal(exitCode(new UsageError("Give a command", "Usage")), 2);
  assert.equal(exitCode(new EcosError("INVALID_ARGUMENT", "Write start as YYYYMM")), 2);
  assert.equal(exitCode(new EcosError("INVALID_ARGUMENT", "x"), true), 2);
  for (const code of ["INFO-100", "ERROR-400", "TRANSPORT", "TIMEOUT", "UNKNOWN_CODE"] as const) {
    assert.equal(exitCode(new EcosError(code, "x")), 1, code);
  }
  assert.equal(exitCode(new OutputError("Could not write")), 1);
  assert.equal(exitCode(new Error("bug")), 1);
  assert.equal(exitCode(new EcosError("ABORTED", "Cancelled"), true), 130);
});

Deno.test("errorLine() is one line: ecos, the code, the message; never a stack or the key", async (t) => {
  const key = "my-secret-key-42";
  const cases: [unknown, string][] = [
    [
      new EcosError(
        "INFO-100",
        "Check the API key (ECOS_API_KEY), or apply for one at ecos.bok.or.kr",
      ),
      "ecos: INFO-100: Check the API key (ECOS_API_KEY), or apply for one at ecos.bok.or.kr",
    ],
    [
      new EcosError("TRANSPORT", `Could not reach the service:\n  GET /api/x/${key}/json`),
      "ecos: TRANSPORT: Could not reach the service: GET /api/x/***/json",
    ],
    [new UsageError("Give a command", "Usage"), "ecos: Give a command"],
    [new OutputError("Could not write a.csv"), "ecos: OUTPUT: Could not write a.csv"],
    [new TypeError("Bad thing"), "ecos: TypeError: Bad thing"],
    ["a string", "ecos: Error: a string"],
  ];
  for (const [error, line] of cases) {
    await t.step(line, () => {
      const got = errorLine(error, [key]);
      assert.equal(got, line);
      assert.ok(!got.includes("\n"));
      assert.ok(!got.includes(key));
      assert.doesNotMatch(got, /\bat .*:\d+:\d+/);
    });
  }
});
