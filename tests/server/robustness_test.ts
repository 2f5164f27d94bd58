import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { SAMPLE_KEY, startEcosServer } from "../../src/server/mod.ts";
import { get, isEcosBody, KEY, request, xmlRoot } from "../testdata/server/http.ts";

const NASTY = [
  "",
  "/",
  "//////",
  "/%",
  "/%%%%",
  "/%ZZ/%G0/%E0%A4%A",
  "/%ED%A0%80",
  "/%00",
  "/StatisticSearch/%00/json/kr/1/10/%00/%00/%00/%00",
  "/StatisticSearch/k/json/kr/1/10/722Y001/D/%FF%FE/20240101",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/StatisticSearch/k/json/kr/1/10/..%2f..%2f/D/2024/2024",
  "/한국은행/키/json/kr/1/10",
  "/StatisticSearch/k/json/kr/1/10/722Y001/D/２０２４０１０１/20240102",
  "/StatisticSearch/k/json/kr/１/１０/722Y001/D/20240101/20240102",
  "/StatisticSearch/k/json/kr/0x10/0x20/722Y001/D/20240101/20240102",
  "/StatisticSearch/k/json/kr/1/99999999999999999999999999999/722Y001/D/20240101/20240102",
  "/StatisticSearch/k/json/kr/99999999999999999999/99999999999999999999/722Y001/D/20240101/20240102",
  "/StatisticSearch/k/json/kr/9007199254740993/9007199254740999/722Y001/D/20240101/20240102",
  "/StatisticSearch/k/json/kr/1/10/722Y001/D/00010101/99991231",
  "/StatisticSearch/k/json/kr/1/10/722Y001/A/1000/9999",
  "/StatisticSearch/k/json/kr/1/10/722Y001/D/-2024/2024",
  "/StatisticSearch/k/xml/kr/1/10/%3Cscript%3E/D/2024/2024",
  "/StatisticWord/k/xml/kr/1/10/%3C%26%3E%22'",
  "/StatisticMeta/k/xml/kr/1/10/%3C%2FRESULT%3E",
  "/StatisticSearch/k/json/kr/1/10/722Y001/D/20240101/20240102/%3F/%3F/%3F/%3F/%3F/%3F/%3F",
  "/KeyStatisticList/k/json/kr/1/10/extra/args/are/ignored",
  "/StatisticSearch/k/json/kr/1/10/722Y001/D/20240101/20240102/" + "a/".repeat(5000),
  "/" + "x".repeat(60_000),
  "/StatisticSearch/" + "k".repeat(30_000) + "/json/kr/1/10",
  "/StatisticWord/k/json/kr/1/10/" + "%EB%AC%BC".repeat(5000),
  "/" + "%".repeat(20_000),
  "/" + "/".repeat(20_000),
  "/?" + "q".repeat(1000),
  "/StatisticSearch/k/json/kr/1/10/722Y001/D/20240101/20240102#fragment",
];

Deno.test("nasty paths under /api all answer ECOS bodies, quickly", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  let answered = 0;
  for (const path of NASTY) {
    const t0 = performance.now();
    const got = await get(server.url + path);
    const ms = performance.now() - t0;
    const what = `${path.slice(0, 80)} -> ${got.status} ${got.text.slice(0, 120)}`;
    if (got.status === 404) {
      // Only a client-normalised path that leaves /api may be 404.
      assert.ok(path.includes("%2e%2e"), what);
      continue;
    }
    assert.equal(got.status, 200, what);
    assert.ok(isEcosBody(got.text), what);
    assert.ok(ms < 1000, `${what} took ${ms.toFixed(0)} ms`);
    answered++;
  }
  // Only the one path that climbs out of /api may be skipped above.
  assert.equal(answered, NASTY.length - 1);
  // The server still answers normally afterwards.
  const ok = await request(server, { service: "KeyStatisticList", end: 1 });
  assert.ok(JSON.parse(ok.text).KeyStatisticList);
});

Deno.test("request records stay bounded however many segments arrive", async () => {
  await using server = await startEcosServer();
  await request(server, { key: SAMPLE_KEY, args: Array(10_000).fill("x") });
  await request(server, { service: "StatisticWord", key: SAMPLE_KEY, args: ["y".repeat(50_000)] });
  const [many, long] = server.stats.requests;
  assert.ok(many!.args.length <= 12);
  assert.ok(long!.args[0]!.length <= 1000);
});

Deno.test("absurd row numbers are clipped to the data, never allocated", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const got = await request(server, {
    end: "9".repeat(300),
    args: ["722Y001", "A", "2020", "2024", "0101000"],
  });
  const body = JSON.parse(got.text);
  assert.equal(body.StatisticSearch.list_total_count, 5);
  assert.equal(body.StatisticSearch.row.length, 5);
});

Deno.test("XML bodies escape what they echo", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const got = await request(server, { service: "StatisticWord", format: "xml", args: ["<&>"] });
  assert.match(xmlRoot(got.text), /^<RESULT><CODE>INFO-200<\/CODE>/);
  const rows = await request(server, { service: "StatisticTableList", format: "xml", end: 100 });
  assert.ok(!/<[^/A-Za-z_]/.test(xmlRoot(rows.text)));
  // Names with "&" or "<" would be escaped; every name here parses back as text.
  for (const m of rows.text.matchAll(/<STAT_NAME>([^<]*)<\/STAT_NAME>/g)) {
    assert.ok(!/&(?!amp;|lt;|gt;|quot;|apos;)/.test(m[1]!));
  }
});

Deno.test("raw requests with odd bytes get an answer or a clean refusal, never a hang", async () => {
  await using server = await startEcosServer();
  const { port } = new URL(server.url);
  const lines = [
    "GET /api/%00%01%02 HTTP/1.1",
    "GET /api/\u00e9\u00ff HTTP/1.1",
    "GET /api/StatisticSearch/sample/json/kr/1/10/../../.. HTTP/1.1",
    "GET /api/a b HTTP/1.1",
    "BREW /api/KeyStatisticList/sample/json/kr/1/1 HTTP/1.1",
  ];
  for (const line of lines) {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(port) });
    try {
      const bytes = new Uint8Array([...line].map((c) => c.charCodeAt(0) & 0xff));
      const head = new TextEncoder().encode("\r\nHost: x\r\nConnection: close\r\n\r\n");
      await conn.write(new Uint8Array([...bytes, ...head]));
      const buf = new Uint8Array(65536);
      let text = "";
      while (true) {
        const n = await conn.read(buf);
        if (n === null) break;
        text += new TextDecoder().decode(buf.subarray(0, n));
      }
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      assert.ok(
        status === 200 || status === 400 || status === 404,
        `${line}: ${text.slice(0, 80)}`,
      );
      if (status === 200) assert.ok(isEcosBody(text.slice(text.indexOf("\r\n\r\n") + 4)), line);
    } finally {
      conn.close();
    }
  }
  const ok = await request(server, { service: "KeyStatisticList", key: SAMPLE_KEY, end: 1 });
  assert.equal(ok.status, 200);
});

Deno.test("property: any segments under /api answer an ECOS body", async () => {
  await using server = await startEcosServer({ keys: [KEY] });
  const segment = fc.oneof(
    fc.string({ unit: "binary", maxLength: 12 }),
    fc.constantFrom(
      "StatisticSearch",
      "KeyStatisticList",
      "StatisticItemList",
      "StatisticWord",
      "k",
      "sample",
      "json",
      "xml",
      "kr",
      "en",
      "1",
      "10",
      "0",
      "?",
      "",
      "722Y001",
      "D",
      "M",
      "SM",
      "20240101",
      "202401",
      "2024Q1",
    ),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(segment, { maxLength: 14 }), async (segments) => {
      const path = segments.map((s) => encodeURIComponent(s)).join("/");
      const got = await get(`${server.url}/${path}`);
      assert.equal(got.status, 200, path);
      assert.ok(isEcosBody(got.text), `${path} -> ${got.text.slice(0, 100)}`);
    }),
    { numRuns: 300 },
  );
});

Deno.test("property: raw (unencoded) garbage in the path never breaks the server", async () => {
  await using server = await startEcosServer();
  const chars = fc.constantFrom(..."%/aZ09한-_.~!$&'()*+,;=:@ \u0000\u007f".split(""));
  // A path that is no URL, or that URL normalisation takes out of /api, asserts nothing.
  let checked = 0;
  await fc.assert(
    fc.asyncProperty(fc.string({ unit: chars, maxLength: 40 }), async (raw) => {
      let url: string;
      try {
        url = new URL(`${server.url}/${raw}`).href;
      } catch {
        return;
      }
      const got = await get(url);
      if (!new URL(url).pathname.startsWith("/api")) return;
      assert.equal(got.status, 200, raw);
      assert.ok(isEcosBody(got.text), `${JSON.stringify(raw)} -> ${got.text.slice(0, 100)}`);
      checked++;
    }),
    { numRuns: 300 },
  );
  // Enough paths must have been checked (measured: 299 or 300 of 300).
  assert.ok(checked >= 250, `only ${checked} of 300 paths were checked`);
});
