/**
 * The wire's shapes, written down from /work/shared/ecos-wire.md (not from the server's code),
 * so that the golden tests compare the server against the documented wire: every service's
 * row fields in order with their JSON types, the body envelopes, and the exact Korean MESSAGE
 * of every result code.
 *
 * @module
 */

/** A field's JSON type: a string, a string or null, always null, or a number. */
export type FieldType = "string" | "string|null" | "null" | "number";

/** A row's fields in wire order. */
export type RowShape = readonly (readonly [name: string, type: FieldType])[];

/**
 * StatisticSearch, "Field order of a StatisticSearch row"; every value a string or null; the
 * unused ITEM_CODE2..4, ITEM_NAME2..4 and WGT null. The shape of a one-item-level table.
 */
export const SEARCH_ONE_LEVEL: RowShape = [
  ["STAT_CODE", "string"],
  ["STAT_NAME", "string"],
  ["ITEM_CODE1", "string"],
  ["ITEM_NAME1", "string"],
  ["ITEM_CODE2", "null"],
  ["ITEM_NAME2", "null"],
  ["ITEM_CODE3", "null"],
  ["ITEM_NAME3", "null"],
  ["ITEM_CODE4", "null"],
  ["ITEM_NAME4", "null"],
  ["UNIT_NAME", "string|null"],
  ["WGT", "null"],
  ["TIME", "string"],
  ["DATA_VALUE", "string"],
];

/** The same fields for a four-level table with weights: nothing is unused. */
export const SEARCH_FOUR_LEVELS: RowShape = SEARCH_ONE_LEVEL.map(([name, type]) =>
  [name, /^ITEM_|^WGT$/.test(name) ? "string|null" : type] as const
);

/** KeyStatisticList (the specification's service): strings only. */
export const KEY_STATISTIC: RowShape = [
  ["CLASS_NAME", "string"],
  ["KEYSTAT_NAME", "string"],
  ["DATA_VALUE", "string"],
  ["CYCLE", "string"],
  ["UNIT_NAME", "string"],
];

/** StatisticTableList: CYCLE null for group nodes, ORG_NAME null on almost every row. */
export const TABLE_NODE: RowShape = [
  ["P_STAT_CODE", "string"],
  ["STAT_CODE", "string"],
  ["STAT_NAME", "string"],
  ["CYCLE", "string|null"],
  ["SRCH_YN", "string"],
  ["ORG_NAME", "string|null"],
];

/** StatisticItemList: DATA_CNT a JSON number; WEIGHT (not WGT). */
export const ITEM: RowShape = [
  ["STAT_CODE", "string"],
  ["STAT_NAME", "string"],
  ["GRP_CODE", "string"],
  ["GRP_NAME", "string"],
  ["ITEM_CODE", "string"],
  ["ITEM_NAME", "string"],
  ["P_ITEM_CODE", "string|null"],
  ["P_ITEM_NAME", "string|null"],
  ["CYCLE", "string"],
  ["START_TIME", "string"],
  ["END_TIME", "string"],
  ["DATA_CNT", "number"],
  ["UNIT_NAME", "string|null"],
  ["WEIGHT", "string|null"],
];

/** StatisticWord. */
export const WORD: RowShape = [["WORD", "string"], ["CONTENT", "string"]];

/** StatisticMeta: LVL a string; P_CONT_CODE null on the top-level rows. */
export const META: RowShape = [
  ["LVL", "string"],
  ["P_CONT_CODE", "string|null"],
  ["CONT_CODE", "string"],
  ["CONT_NAME", "string"],
  ["META_DATA", "string|null"],
];

/**
 * Every result code's Korean MESSAGE, copied from the wire file's table ("\n " inside
 * ERROR-100 as captured), with the evidence the wire file gives.
 */
export const MESSAGES: Readonly<Record<string, readonly [message: string, evidence: string]>> = {
  "INFO-100": [
    "인증키가 유효하지 않습니다. 인증키를 확인하십시오! 인증키가 없는 경우 인증키를 신청하십시오!",
    "captured",
  ],
  "INFO-200": ["해당하는 데이터가 없습니다.", "measured live"],
  "ERROR-100": [
    "필수 값이 누락되어 있습니다. 필수 값을 확인하십시오!\n 필수 값이 누락되어 있으면 오류를 발생합니다. 요청 변수를 참고 하십시오!",
    "captured",
  ],
  "ERROR-101": [
    "주기와 다른 형식의 날짜 형식입니다. 날짜 형식을 확인하십시오!",
    "measured live",
  ],
  "ERROR-200": [
    "요청타입 값이 누락 혹은 유효하지 않습니다. 요청타입 값을 확인하십시오! 요청타입 값이 누락 혹은 유효하지 않으면 오류를 발생합니다. 요청 변수를 참고 하십시오!",
    "measured live",
  ],
  "ERROR-300": [
    "조회건수 값이 누락되어 있습니다. 조회시작건수/조회종료건수 값을 확인하십시오! 조회시작건수/조회종료건수 값이 누락되어 있으면 오류를 발생합니다.",
    "guide",
  ],
  "ERROR-301": [
    "조회건수 값의 타입이 유효하지 않습니다. 조회건수 값을 확인하십시오! 조회건수 값의 타입이 유효하지 않으면 오류를 발생합니다. 정수를 입력하세요.",
    "measured live",
  ],
  "ERROR-400": [
    "검색범위가 적정범위를 초과하여 60초 TIMEOUT이 발생하였습니다. 요청조건 조정하여 다시 요청하시기 바랍니다.",
    "guide",
  ],
  "ERROR-500": [
    "서버 오류입니다. OpenAPI 호출시 서버에서 오류가 발생하였습니다. 해당 서비스를 찾을 수 없습니다.",
    "guide",
  ],
  "ERROR-600": [
    "DB Connection 오류입니다. OpenAPI 호출시 서버에서 DB접속 오류가 발생했습니다.",
    "guide",
  ],
  "ERROR-601": ["SQL 오류입니다. OpenAPI 호출시 서버에서 SQL 오류가 발생했습니다.", "guide"],
  "ERROR-602": [
    "과도한 OpenAPI호출로 이용이 제한되었습니다. 잠시후 이용해주시기 바랍니다.",
    "guide",
  ],
};

/** One element of a parsed XML body. */
export interface XmlNode {
  /** The tag name. */
  name: string;
  /** The attributes, in order. */
  attributes: [string, string][];
  /** The child elements, in order. */
  children: XmlNode[];
  /** The unescaped text of a leaf; null for a self-closing tag. */
  text: string | null;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&apos;": "'",
};

/**
 * Parses the XML the server writes (an optional declaration, elements, attributes, text;
 * no comments, CDATA or mixed content), strictly: anything else fails.
 *
 * @returns The declaration (or null) and the root element.
 * @throws {Error} When the text is not of that form.
 */
export function parseXml(xml: string): { declaration: string | null; root: XmlNode } {
  const decl = /^<\?xml [^?]*\?>\n/.exec(xml);
  let at = decl ? decl[0].length : 0;
  const stack: XmlNode[] = [{ name: "#document", attributes: [], children: [], text: null }];
  const tag = /<(\/?)([A-Za-z_][\w]*)((?: [a-z]+="[^"]*")*)(\/?)>/y;
  while (at < xml.length) {
    tag.lastIndex = at;
    const m = tag.exec(xml);
    if (!m) {
      const end = xml.indexOf("<", at);
      if (end === -1) throw new Error(`Text outside an element at ${at}`);
      const top = stack.at(-1)!;
      if (top.children.length > 0) throw new Error(`Mixed content in <${top.name}>`);
      top.text = xml.slice(at, end).replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e]!);
      at = end;
      continue;
    }
    const [whole, close, name, attrs, selfClosing] = m as unknown as string[];
    at += whole!.length;
    if (close) {
      const open = stack.length > 1 ? stack.pop() : undefined;
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      if (open.text === null && open.children.length === 0) open.text = "";
      continue;
    }
    const node: XmlNode = {
      name: name!,
      attributes: [...attrs!.matchAll(/ ([a-z]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]),
      children: [],
      text: null,
    };
    stack.at(-1)!.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  const roots = stack[0]!.children;
  if (roots.length !== 1) throw new Error(`${roots.length} root elements`);
  return { declaration: decl ? decl[0].trimEnd() : null, root: roots[0]! };
}
