/**
 * A fast path for the one XML shape ECOS sends: a root element holding leaf elements
 * (list_total_count, CODE, ...) and `<row>` elements that hold only leaf elements, with an
 * optional declaration, attributes (ignored), whitespace between elements, and the five XML
 * entities and numeric references in values.
 *
 * It gives the same object fast-xml-parser gives with the client's options (values as
 * strings, every `row` in a list), minus the "#text" keys of whitespace between elements,
 * which nobody reads; a differential property test holds the two to that. Anything else (a
 * comment, CDATA, a DOCTYPE, another processing instruction, nesting, a repeated field, an
 * HTML entity, text beside elements) makes it give up, and fast-xml-parser reads the body.
 * One pass, each character looked at a bounded number of times: linear in the body's length.
 *
 * @module
 */

/** A-Z, a-z, _: a name's first character. */
const nameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** A name's other characters: also 0-9, "." and "-". */
const nameChar = (c: number) => nameStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 45;
const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

/** Thrown inside the scanner when the body leaves the flat shape; caught at the top. */
class NotFlat {}
const NOT_FLAT = new NotFlat();

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g;

/**
 * Decodes the entities of a value. A "&" that starts no XML entity or numeric reference gives
 * up: fast-xml-parser has its own reading of HTML entities and stray ampersands.
 */
function unescape(text: string): string {
  let seen = 0;
  const out = text.replace(ENTITY, (_, dec?: string, hex?: string, named?: string) => {
    seen++;
    if (named !== undefined) return ENTITIES[named]!;
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
    if (code > 0x10ffff) throw NOT_FLAT;
    return String.fromCodePoint(code);
  });
  if (seen !== text.split("&").length - 1) throw NOT_FLAT;
  return out;
}

/**
 * Reads a flat ECOS body.
 *
 * @param body The body.
 * @returns `{ root: { leaf: "value", ..., row: [{ field: "value", ... }] } }`, or `undefined`
 * when the body is not of the flat shape (let fast-xml-parser read it).
 */
export function readFlatXml(body: string): Record<string, unknown> | undefined {
  const n = body.length;
  let i = 0;

  const space = () => {
    while (i < n) {
      const c = body.charCodeAt(i);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
      i++;
    }
  };
  const name = (): string => {
    const from = i;
    if (i >= n || !nameStart(body.charCodeAt(i))) throw NOT_FLAT;
    i++;
    while (i < n && nameChar(body.charCodeAt(i))) i++;
    return body.slice(from, i);
  };
  /** An opening tag at `i`: its name, and whether it closes itself. Attributes are skipped. */
  const open = (): { tag: string; empty: boolean } => {
    if (body.charCodeAt(i) !== 60 /* < */) throw NOT_FLAT;
    i++;
    const tag = name();
    for (;;) {
      const before = i;
      space();
      const c = body.charCodeAt(i);
      if (c === 62 /* > */) {
        i++;
        return { tag, empty: false };
      }
      if (c === 47 /* / */ && body.charCodeAt(i + 1) === 62) {
        i += 2;
        return { tag, empty: true };
      }
      if (i === before) throw NOT_FLAT; // an attribute must follow a space
      name();
      if (body[i] !== "=") throw NOT_FLAT;
      const quote = body[i + 1];
      if (quote !== '"' && quote !== "'") throw NOT_FLAT;
      const end = body.indexOf(quote, i + 2);
      if (end < 0 || body.slice(i + 2, end).includes("<")) throw NOT_FLAT;
      i = end + 1;
    }
  };
  /** The closing tag of `tag` at `i`. */
  const close = (tag: string) => {
    if (
      body.charCodeAt(i) !== 60 || body.charCodeAt(i + 1) !== 47 || !body.startsWith(tag, i + 2)
    ) {
      throw NOT_FLAT;
    }
    i += 2 + tag.length;
    if (body.charCodeAt(i) !== 62) {
      space();
      if (body.charCodeAt(i) !== 62) throw NOT_FLAT;
    }
    i++;
  };
  /** A leaf's value, after its opening tag. */
  const value = (tag: string, empty: boolean): string => {
    if (empty) return "";
    const end = body.indexOf("<", i);
    if (end < 0) throw NOT_FLAT;
    const raw = body.slice(i, end);
    i = end;
    close(tag);
    return raw.includes("&") ? unescape(raw) : raw;
  };

  try {
    space();
    if (body.startsWith("<?xml", i)) {
      const end = body.indexOf("?>", i);
      if (end < 0 || !/^<\?xml\s[^<>]*$/.test(body.slice(i, end))) throw NOT_FLAT;
      i = end + 2;
      space();
    }
    const root = open();
    if (root.empty) throw NOT_FLAT;
    const top: Record<string, unknown> = {};
    const rows: Record<string, string>[] = [];
    let template: string[] = [];
    for (;;) {
      space();
      if (body.charCodeAt(i) === 60 && body.charCodeAt(i + 1) === 47) break;
      const el = open();
      if (el.tag !== "row") {
        if (Object.hasOwn(top, el.tag)) throw NOT_FLAT;
        top[el.tag] = value(el.tag, el.empty);
        continue;
      }
      if (el.empty) throw NOT_FLAT;
      const row: Record<string, string> = {};
      // Rows repeat the previous row's fields in the same order: look for the expected name
      // first, which spares reading a name, a new string and the duplicate check per field.
      let expected = true;
      let fields = 0;
      for (;;) {
        space();
        if (body.charCodeAt(i) === 60 && body.charCodeAt(i + 1) === 47) break;
        const guess = expected ? template[fields] : undefined;
        let field: { tag: string; empty: boolean } | undefined;
        if (guess !== undefined && body.charCodeAt(i) === 60 && body.startsWith(guess, i + 1)) {
          const after = i + 1 + guess.length;
          const c = body.charCodeAt(after);
          if (c === 62 /* > */) {
            i = after + 1;
            field = { tag: guess, empty: false };
          } else if (c === 47 /* / */ && body.charCodeAt(after + 1) === 62) {
            i = after + 2;
            field = { tag: guess, empty: true };
          }
        }
        if (field === undefined) {
          expected = false;
          field = open();
          if (field.tag === "row" || Object.hasOwn(row, field.tag)) throw NOT_FLAT;
        }
        row[field.tag] = value(field.tag, field.empty);
        fields++;
      }
      close("row");
      if (fields === 0) throw NOT_FLAT;
      if (!expected || fields !== template.length) template = Object.keys(row);
      rows.push(row);
    }
    close(root.tag);
    space();
    // An element without child elements is text to fast-xml-parser: leave such bodies to it.
    if (i !== n || (rows.length === 0 && Object.keys(top).length === 0)) throw NOT_FLAT;
    if (rows.length > 0) top.row = rows;
    return { [root.tag]: top };
  } catch (e) {
    if (e === NOT_FLAT) return undefined;
    throw e;
  }
}
