/**
 * Path segments: every argument either is refused before sending or becomes exactly one
 * segment of the URL, unchanged by URL normalisation. No value adds, removes or shifts one.
 */

import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { buildUrl } from "../../src/client/_transport.ts";
import { validateSearchQuery, validateStatCode, validateText } from "../../src/client/mod.ts";
import { isEcosError } from "../../src/errors.ts";

/** The path segments a URL keeps after the WHATWG parser has normalised it. */
const segments = (url: string) => new URL(url).pathname.split("/").slice(1).map(decodeURIComponent);

function accepted(check: () => unknown): boolean {
  try {
    check();
    return true;
  } catch (e) {
    assert.ok(isEcosError(e) && e.code === "INVALID_ARGUMENT", String(e));
    return false;
  }
}

const tricky = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(".", "..", "...", "%2e", "%2E%2e", "./", "a/b", "?", "#", "a b", "\\", "%00", ""),
  fc.string({ unit: fc.constantFrom(".", "/", "%", "2", "e", "?", "#", "\\", " ", "a") }),
);

Deno.test("a code or word that validates is one segment, unchanged (property)", () => {
  fc.assert(
    fc.property(tricky, tricky, tricky, (statCode, item, word) => {
      const args: string[] = [];
      if (accepted(() => validateStatCode(statCode))) args.push(statCode);
      if (
        accepted(() =>
          validateSearchQuery({
            statCode: "X1",
            cycle: "A",
            start: "2020",
            end: "2020",
            items: [item],
          })
        )
      ) args.push(item);
      if (accepted(() => validateText(word, "word"))) args.push(word);
      const { url } = buildUrl("http://h.test/api", "K", {
        service: "S",
        format: "json",
        language: "kr",
        startNo: 1,
        endNo: 10,
        args,
      });
      assert.deepEqual(segments(url), ["api", "S", "K", "json", "kr", "1", "10", ...args]);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("dot-only codes are refused: URL normalisation would drop or shift them", () => {
  for (const code of [".", "..", "..."]) {
    assert.equal(accepted(() => validateStatCode(code)), false, code);
    assert.equal(
      accepted(() =>
        validateSearchQuery({
          statCode: "X1",
          cycle: "A",
          start: "2020",
          end: "2020",
          items: [code],
        })
      ),
      false,
    );
    assert.equal(accepted(() => validateText(code, "word")), false);
  }
  assert.throws(() => validateStatCode("."), /Write statCode with a letter or digit: got "\."/);
});

Deno.test("Dates outside the years 1000 to 9999 are refused", () => {
  for (const year of [999, 10_000, -5]) {
    const date = new Date(Date.UTC(2000, 0, 1));
    date.setUTCFullYear(year);
    assert.throws(
      () => validateSearchQuery({ statCode: "X1", cycle: "A", start: date, end: date }),
      /in the years 1000 to 9999/,
    );
  }
});
