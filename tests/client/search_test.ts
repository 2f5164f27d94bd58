import assert from "node:assert/strict";
import { splitRange } from "../../src/client/_pull.ts";
import { EcosError, isEcosError } from "../../src/errors.ts";

async function collect<T>(values: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of values) out.push(value);
  return out;
}

/** A pull that yields each range's ends, or fails with `error` when asked for `tooWide` periods. */
function ranges(tooWide: number, error = () => new EcosError("ERROR-400", "too large")) {
  const asked: string[] = [];
  const pull = async function* (lo: number, hi: number) {
    asked.push(`${lo}-${hi}`);
    await Promise.resolve();
    if (hi - lo + 1 >= tooWide) throw error();
    yield lo;
    yield hi;
  };
  return { pull, asked };
}

Deno.test("splitRange() halves a range on ERROR-400 down to single periods, in time order", async () => {
  const { pull, asked } = ranges(3);
  assert.deepEqual(
    await collect(splitRange(0, 9, pull, String)),
    [0, 1, 2, 2, 3, 4, 5, 6, 7, 7, 8, 9],
  );
  assert.deepEqual(asked, [
    "0-9",
    "0-4",
    "0-2",
    "0-1",
    "2-2",
    "3-4",
    "5-9",
    "5-7",
    "5-6",
    "7-7",
    "8-9",
  ]);
});

Deno.test("splitRange() pulls a range the service takes in one part", async () => {
  const { pull, asked } = ranges(Infinity);
  assert.deepEqual(await collect(splitRange(3, 8, pull, String)), [3, 8]);
  assert.deepEqual(asked, ["3-8"]);
});

Deno.test("splitRange() says what to do when even a single period is too large", async () => {
  const { pull } = ranges(1);
  await assert.rejects(collect(splitRange(5, 6, pull, (i) => `P${i}`)), (e: unknown) => {
    assert.ok(isEcosError(e));
    assert.equal(e.code, "ERROR-400");
    assert.match(e.message, /even the single period P5 is too large/);
    assert.match(e.message, /fewer items/);
    assert.ok(isEcosError(e.cause) && e.cause.message === "too large", "the service's error");
    return true;
  });
});

Deno.test("splitRange() raises other errors as they are", async () => {
  const other = new EcosError("ERROR-500", "other");
  const { pull, asked } = ranges(1, () => other);
  await assert.rejects(collect(splitRange(5, 6, pull, String)), (e: unknown) => e === other);
  assert.deepEqual(asked, ["5-6"]);
});

Deno.test("splitRange() does not split a part that has already yielded", async () => {
  const asked: string[] = [];
  const pull = async function* (lo: number, hi: number) {
    asked.push(`${lo}-${hi}`);
    yield lo;
    await Promise.resolve();
    throw new EcosError("ERROR-400", "too large, late");
  };
  const seen: number[] = [];
  await assert.rejects(async () => {
    for await (const v of splitRange(0, 9, pull, String)) seen.push(v);
  }, /too large, late/);
  assert.deepEqual(seen, [0]);
  assert.deepEqual(asked, ["0-9"]);
});
