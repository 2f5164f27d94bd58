import assert from "node:assert/strict";
import { decodeJson } from "../../src/client/_decode.ts";
import { BodyError } from "../../src/client/_errors.ts";

const S = "StatisticSearch";

Deno.test("decodeJson() reads rows and the total of a page", () => {
  const body = String.raw`{"StatisticSearch":{"list_total_count":31,"row":[
    {"STAT_CODE":"722Y001","ITEM_CODE1":"0101000","ITEM_CODE2":null,"UNIT_NAME":"연%","TIME":"2020","DATA_VALUE":"0.5"},
    {"STAT_CODE":"722Y001","ITEM_CODE1":"0101000","ITEM_NAME1":"a\/b","TIME":"2021","DATA_VALUE":"-"}]}}`;
  const d = decodeJson(body, S);
  assert.equal(d.kind, "rows");
  if (d.kind !== "rows") return;
  assert.equal(d.total, 31);
  assert.equal(d.rows.length, 2);
  assert.equal(d.rows[0]?.ITEM_CODE1, "0101000");
  assert.equal(d.rows[0]?.ITEM_CODE2, null);
  assert.equal(d.rows[1]?.ITEM_NAME1, "a/b");
});

Deno.test("decodeJson() reads RESULT bodies, bare or inside the envelope", () => {
  assert.deepEqual(
    decodeJson(`{"RESULT":{"CODE":"INFO-200","MESSAGE":"해당하는 데이터가 없습니다."}}`, S),
    {
      kind: "result",
      code: "INFO-200",
      message: "해당하는 데이터가 없습니다.",
    },
  );
  const nested = decodeJson(`{"StatisticSearch":{"RESULT":{"CODE":"ERROR-602","MESSAGE":"x"}}}`, S);
  assert.equal(nested.kind === "result" && nested.code, "ERROR-602");
});

Deno.test("decodeJson() takes a lone row object and a missing row list", () => {
  const one = decodeJson(
    `{"KeyStatisticList":{"list_total_count":1,"row_count":1,"row":{"CLASS_NAME":"x"}}}`,
    "KeyStatisticList",
  );
  assert.equal(one.kind === "rows" && one.rows.length, 1);
  const none = decodeJson(`{"StatisticSearch":{"list_total_count":0}}`, S);
  assert.equal(none.kind === "rows" && none.rows.length, 0);
});

Deno.test("decodeJson() refuses anything else with a BodyError", async (t) => {
  const cases: [string, string, RegExp][] = [
    ["cut short", `{"StatisticSearch":{"list_total_count":31,"row":[{"STAT`, /JSON does not parse/],
    [
      "another service",
      `{"KeyStatisticList":{"list_total_count":1,"row":[]}}`,
      /expected a StatisticSearch envelope, got "KeyStatisticList"/,
    ],
    ["no total", `{"StatisticSearch":{"row":[]}}`, /list_total_count is not a count/],
    ["a negative total", `{"StatisticSearch":{"list_total_count":-1,"row":[]}}`, /not a count/],
    [
      "rows not objects",
      `{"StatisticSearch":{"list_total_count":1,"row":[1]}}`,
      /row 1 is not an object/,
    ],
    ["an array", `[]`, /not an object/],
    ["a RESULT without a code", `{"RESULT":{"MESSAGE":"x"}}`, /without a CODE/],
  ];
  for (const [name, body, message] of cases) {
    await t.step(name, () => {
      assert.throws(() => decodeJson(body, S), (e: unknown) => {
        assert.ok(e instanceof BodyError, String(e));
        assert.match(e.detail, message);
        assert.equal(e.retryable, true);
        return true;
      });
    });
  }
});
