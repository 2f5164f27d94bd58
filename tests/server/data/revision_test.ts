import assert from "node:assert/strict";
import { createRng } from "../../../src/server/data/prng.ts";
import { reviseSeries, reviseValue, REVISION_WINDOW } from "../../../src/server/data/revision.ts";

const written = (x: number, decimals: number) => Number(x.toFixed(decimals));

Deno.test("reviseValue() always changes the written value, by a small amount", async (t) => {
  for (const [value, decimals] of [[1234.56, 2], [3.5, 2], [0.4, 1], [-0.3, 1], [100, 0]]) {
    await t.step(`${value} with ${decimals} decimals`, () => {
      for (let i = 0; i < 200; i++) {
        const revised = reviseValue(value!, decimals!, createRng(`r${i}`));
        assert.notEqual(written(revised, decimals!), written(value!, decimals!));
        // About 0.2% a draw, or a unit of the last decimal.
        const unit = 10 ** -decimals!;
        assert.ok(Math.abs(revised - value!) <= Math.abs(value!) * 0.02 + unit, `${revised}`);
      }
    });
  }
});

Deno.test("reviseValue() keeps missing values missing and small values non-negative", () => {
  assert.ok(Number.isNaN(reviseValue(NaN, 2, createRng("x"))));
  for (let i = 0; i < 200; i++) assert.ok(reviseValue(0, 2, createRng(`z${i}`)) >= 0);
});

Deno.test("reviseSeries() changes only the cycle's window at the end", async (t) => {
  for (const [cycle, window] of Object.entries(REVISION_WINDOW)) {
    await t.step(cycle, () => {
      const original = Float64Array.from({ length: 40 }, (_, k) => 100 + k);
      const values = original.slice();
      const ordinals = Int32Array.from({ length: 40 }, (_, k) => 5000 + k);
      reviseSeries(
        values,
        ordinals,
        cycle as keyof typeof REVISION_WINDOW,
        1,
        (o) => createRng(`${o}`),
      );
      for (let k = 0; k < 40; k++) {
        if (k < 40 - window) assert.equal(values[k], original[k], `row ${k}`);
        else assert.notEqual(written(values[k]!, 1), written(original[k]!, 1), `row ${k}`);
      }
    });
  }
});
