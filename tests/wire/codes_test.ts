import assert from "node:assert/strict";
import { ECOS_CODES, isEcosResultCode } from "../../src/wire/codes.ts";

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
