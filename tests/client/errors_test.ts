import assert from "node:assert/strict";
import { EcosError, invalidArgument, isEcosError } from "../src/client/errors.ts";
import { ECOS_CODES, isEcosResultCode } from "../src/wire/codes.ts";

Deno.test("isEcosError() accepts errors from another copy of the module by name", () => {
  class EcosErrorCopy extends Error {
    code = "ERROR-602";
    constructor() {
      super("copy");
      this.name = "EcosError";
    }
  }
  assert.ok(isEcosError(new EcosErrorCopy()));
  assert.ok(isEcosError(new EcosError("TIMEOUT", "Timed out")));
  assert.ok(!isEcosError(new Error("plain")));
  assert.ok(!isEcosError({ name: "EcosError", code: "X" }));
  assert.ok(!isEcosError(undefined));
});

Deno.test("EcosError keeps its code, cause and request facts", () => {
  const cause = new TypeError("reset");
  const e = new EcosError("TRANSPORT", "Connection failed", {
    cause,
    service: "StatisticSearch",
    url: "http://x/api/StatisticSearch/***/json",
    attempts: 3,
  });
  assert.equal(e.code, "TRANSPORT");
  assert.equal(e.cause, cause);
  assert.equal(e.service, "StatisticSearch");
  assert.equal(e.attempts, 3);
  assert.ok(e instanceof Error);
  assert.equal(invalidArgument("Bad").code, "INVALID_ARGUMENT");
});

Deno.test("ECOS_CODES covers every documented result code with a retry policy", () => {
  const codes = [
    "INFO-100",
    "INFO-200",
    "ERROR-100",
    "ERROR-101",
    "ERROR-200",
    "ERROR-300",
    "ERROR-301",
    "ERROR-400",
    "ERROR-500",
    "ERROR-600",
    "ERROR-601",
    "ERROR-602",
  ];
  assert.deepEqual(Object.keys(ECOS_CODES).sort(), codes.sort());
  assert.equal(ECOS_CODES["ERROR-400"].retry, "split");
  assert.equal(ECOS_CODES["ERROR-602"].retry, "throttle");
  assert.equal(ECOS_CODES["INFO-100"].retry, "never");
  assert.ok(isEcosResultCode("ERROR-601"));
  assert.ok(!isEcosResultCode("ERROR-999"));
  assert.ok(!isEcosResultCode("toString"));
});
