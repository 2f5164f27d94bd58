import assert from "node:assert/strict";
import { SAMPLE_KEY, startEcosServer } from "../../src/server/mod.ts";
import { ECOS_CODES, type EcosResultCode } from "../../src/wire/codes.ts";
import {
  address,
  get,
  KEY,
  request,
  requestJson,
  resultCode,
  xmlResult,
} from "../testdata/server/http.ts";

const MONTHS = ["722Y001", "M", "202401", "202403"];

/** Each code with paths that trigger it; {f} and {l} are the format and language. */
const TRIGGERS: [EcosResultCode, string[]][] = [
  ["ERROR-500", [
    "NoSuchService/k/{f}/{l}/1/10",
    "statisticsearch/k/{f}/{l}/1/10/722Y001/M/202401/202403",
    "",
  ]],
  ["ERROR-100", [
    "StatisticSearch/k/{f}/{l}/1/10",
    "StatisticSearch/k/{f}/{l}/1/10/722Y001/M/202401",
    "StatisticSearch/k/{f}/{l}/1/10//M/202401/202403",
    "StatisticItemList/k/{f}/{l}/1/10",
    "StatisticWord/k/{f}/{l}/1/10",
    "StatisticMeta/k/{f}/{l}/1/10/",
    // A cycle outside A/S/Q/M/SM/D, the pre-2022 alphabet included, is a missing value.
    "StatisticSearch/k/{f}/{l}/1/10/722Y001/X/202401/202403",
    "StatisticSearch/k/{f}/{l}/1/10/722Y001/m/202401/202403",
    "StatisticSearch/k/{f}/{l}/1/10/722Y001/MM/202401/202403",
    "StatisticSearch/k/{f}/{l}/1/10/722Y001/DD/20240101/20240301",
    "StatisticSearch/k/{f}/{l}/1/10/200Y102/QQ/2024Q1/2024Q2",
    "StatisticSearch/k/{f}/{l}/1/10/200Y101/YY/2020/2023",
  ]],
  ["ERROR-300", [
    "KeyStatisticList/k/{f}/{l}",
    "StatisticSearch/k/{f}/{l}",
    "StatisticItemList/k/{f}/{l}/",
    "KeyStatisticList/k/{f}/{l}/1",
    "StatisticSearch/k/{f}/{l}//10/722Y001/M/202401/202403",
    "StatisticSearch/k/{f}/{l}/1//722Y001/M/202401/202403",
  ]],
  ["ERROR-301", [
    "KeyStatisticList/k/{f}/{l}/a/10",
    "KeyStatisticList/k/{f}/{l}/1/1.5",
    "KeyStatisticList/k/{f}/{l}/-1/10",
    "KeyStatisticList/k/{f}/{l}/10/9",
    "KeyStatisticList/k/{f}/{l}/1e3/2e3",
  ]],
  ["ERROR-101", [
    "StatisticSearch/k/{f}/{l}/1/10/722Y001/M/2024/202403",
    "StatisticSearch/k/{f}/{l}/1/10/722Y001/M/202401/20240301",
    "StatisticSearch/k/{f}/{l}/1/10/722Y001/D/20240230/20240301",
    "StatisticSearch/k/{f}/{l}/1/10/722Y001/D/202401SM1/20240301",
    "StatisticSearch/k/{f}/{l}/1/10/200Y102/Q/2024Q5/2024Q4",
  ]],
  ["INFO-100", [
    "StatisticSearch/wrong/{f}/{l}/1/10/722Y001/M/202401/202403",
    "StatisticSearch//{f}/{l}/1/10/722Y001/M/202401/202403",
    "KeyStatisticList/SAMPLE/{f}/{l}/1/10",
  ]],
  ["INFO-200", [
    "StatisticSearch/k/{f}/{l}/1/10/000Y000/M/202401/202403",
    "StatisticSearch/k/{f}/{l}/1/10/722Y001/S/2024S1/2024S2",
    "StatisticSearch/k/{f}/{l}/1/10/722Y001/M/199001/199912",
    "StatisticTableList/k/{f}/{l}/1/10/NOPE",
    "StatisticItemList/k/{f}/{l}/1/10/NOPE",
    "StatisticWord/k/{f}/{l}/1/10/zzzz",
  ]],
];

Deno.test("every result code answers its trigger in JSON and XML, kr and en", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  for (const [code, paths] of TRIGGERS) {
    await t.step(code, async () => {
      for (const path of paths) {
        for (const format of ["json", "xml"] as const) {
          for (const language of ["kr", "en"] as const) {
            const url = `${server.url}/${path.replace("{f}", format).replace("{l}", language)}`;
            const got = await get(url);
            const what = `${url} -> ${got.text}`;
            assert.equal(got.status, 200, what);
            // A path without the language segment answers in Korean.
            const lang = path.includes("{l}") ? language : "kr";
            const message = ECOS_CODES[code][lang];
            if (format === "json" && path.includes("{f}")) {
              assert.equal(got.type, "application/json; charset=utf-8");
              assert.deepEqual(
                JSON.parse(got.text),
                { RESULT: { CODE: code, MESSAGE: message } },
                what,
              );
            } else {
              // Before the format segment is known, RESULT bodies are XML (see mod.ts).
              assert.equal(got.type, "application/xml; charset=utf-8");
              assert.equal(got.text, xmlResult(code, message), what);
            }
          }
        }
      }
    });
  }
});

Deno.test("the sample key's row limit answers ERROR-301 with its own text; start 0 is a row number", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const body = (path: string) => get(`${server.url}/${path}`).then((got) => JSON.parse(got.text));
  const limit = {
    RESULT: {
      CODE: "ERROR-301",
      MESSAGE:
        "조회건수 값의 타입이 유효하지 않습니다. 조회건수 값을 확인하십시오!\n 조회건수 값의 " +
        "타입이 유효하지 않으면 오류를 발생합니다. \n sample은 최대 10건 이내에서 호출이 가능합니다.",
    },
  };
  assert.deepEqual(await body("KeyStatisticList/sample/json/kr/1/11"), limit);
  assert.deepEqual(
    await body("StatisticSearch/sample/json/kr/5/15/722Y001/M/202401/202403"),
    limit,
  );
  assert.deepEqual(await body("KeyStatisticList/sample/json/kr/0/10"), limit); // 11 rows
  // Rows 0 to 5 are answered (six rows asked, five exist from row 1), as live.
  const zero = await body("KeyStatisticList/sample/json/kr/0/5");
  assert.equal(zero.KeyStatisticList.row.length, 5);
  assert.equal(zero.KeyStatisticList.list_total_count, 101);
  assert.equal((await body("KeyStatisticList/k/json/kr/0/10")).KeyStatisticList.row.length, 10);
});

Deno.test("ERROR-200 answers a bad or missing format in XML", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  for (const format of ["csv", "JSON", "Xml", "json ", ""]) {
    const got = await request(server, { format, language: "en", args: MONTHS });
    assert.equal(got.type, "application/xml; charset=utf-8", format);
    assert.equal(got.text, xmlResult("ERROR-200", ECOS_CODES["ERROR-200"].en));
  }
});

Deno.test("a language other than kr or en is a missing required value (ERROR-100)", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  for (const language of ["fr", "KR", ""]) {
    const body = await requestJson(server, { language, args: MONTHS });
    assert.equal(body.RESULT.CODE, "ERROR-100", language);
    assert.equal(body.RESULT.MESSAGE, ECOS_CODES["ERROR-100"].kr);
  }
});

Deno.test("checks run in the live service's order", async (t) => {
  await using server = await startEcosServer({ keys: [KEY] });
  // Each case fails the check named and every later one, so only the order decides the code.
  const cases: [string, string, EcosResultCode][] = [
    ["unknown service before everything", "Nope/bad/csv/fr/x/y/1/2/3/4", "ERROR-500"],
    ["the key before every argument", "StatisticSearch/bad/csv/fr//y/722Y001/MM/2024", "INFO-100"],
    ["an absent key", "StatisticSearch//csv/fr//y", "INFO-100"],
    ["format before language", "StatisticSearch/k/csv/fr//y/722Y001/MM/2024", "ERROR-200"],
    ["language before row numbers", "StatisticSearch/k/json/fr//y/722Y001/MM/2024", "ERROR-100"],
    ["missing row numbers before missing arguments", "StatisticSearch/k/json/kr", "ERROR-300"],
    [
      "missing row numbers before bad ones and bad arguments",
      "StatisticSearch/k/json/kr//x/722Y001/MM/2024",
      "ERROR-300",
    ],
    ["bad row numbers before missing arguments", "StatisticSearch/k/json/kr/x/y", "ERROR-301"],
    [
      "sample's row limit before missing arguments",
      "StatisticSearch/sample/json/kr/1/11",
      "ERROR-301",
    ],
    [
      "missing arguments before the dates' shape",
      "StatisticSearch/k/json/kr/1/10/722Y001/M/2024",
      "ERROR-100",
    ],
    [
      "the cycle's alphabet before the dates' shape",
      "StatisticSearch/k/json/kr/1/10/722Y001/MM/2024/2024",
      "ERROR-100",
    ],
    ["dates before the data", "StatisticSearch/k/json/kr/1/10/000Y000/M/2024/2024", "ERROR-101"],
  ];
  for (const [name, path, code] of cases) {
    await t.step(name, async () => {
      const got = await get(`${server.url}/${path}`);
      assert.equal(resultCode(got.text), code, got.text);
    });
  }
});

Deno.test("the sample key answers at most 10 rows a request", async () => {
  await using server = await startEcosServer();
  const keyStats = { service: "KeyStatisticList", key: SAMPLE_KEY };
  const ok = await requestJson(server, { ...keyStats, start: 11, end: 20 });
  assert.equal(ok.KeyStatisticList.row_count, 10);
  const search = await requestJson(server, {
    key: SAMPLE_KEY,
    args: ["722Y001", "D", "20240101", "20241231", "0101000"],
  });
  assert.equal(search.StatisticSearch.list_total_count, 366);
  assert.equal(search.StatisticSearch.row.length, 10);
  const tooMany = await requestJson(server, { ...keyStats, end: 11 });
  assert.equal(tooMany.RESULT.CODE, "ERROR-301");
});

Deno.test("keys option: listed keys are accepted without the sample limit, others refused", async () => {
  await using server = await startEcosServer({ keys: ["alpha", "beta 2"] });
  const keyStats = { service: "KeyStatisticList" };
  for (const key of ["alpha", "beta 2"]) {
    const body = await requestJson(server, { ...keyStats, key, end: 50 });
    assert.equal(body.KeyStatisticList.row_count, 50, key);
  }
  const other = await requestJson(server, { ...keyStats, key: "gamma", end: 5 });
  assert.equal(other.RESULT.CODE, "INFO-100");
  await using plain = await startEcosServer();
  const refused = await requestJson(plain, { ...keyStats, key: "alpha", end: 5 });
  assert.equal(refused.RESULT.CODE, "INFO-100");
});

Deno.test("segments are percent-decoded", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const plain = (await request(server, { args: MONTHS })).text;
  const encoded = await get(
    `${server.url}/%53tatisticSearch/%6B/js%6Fn/kr/%31/1%30/722Y001/%4D/202401/202403/`,
  );
  assert.equal(encoded.text, plain);
});

Deno.test("a trailing slash is allowed", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const plain = (await request(server, { args: MONTHS })).text;
  const slash = await get(`${address(server, { args: MONTHS })}/`);
  assert.equal(slash.text, plain);
});

Deno.test("paths outside /api get 404, every path under /api an ECOS body", async () => {
  await using server = await startEcosServer();
  const root = server.url.slice(0, -"/api".length);
  for (const path of ["/", "/apix", "/other/api"]) {
    const got = await get(root + path);
    assert.equal(got.status, 404, path);
  }
  for (const path of ["/api", "/api/", "/api//", "/api/?x=1"]) {
    const got = await get(root + path);
    assert.equal(got.status, 200, path);
    assert.equal(resultCode(got.text), "ERROR-500", path);
  }
});
