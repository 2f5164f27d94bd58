/**
 * Answering a request: check it, then let its service answer. The result is a page of rows
 * or a result code, not yet a body.
 *
 * @module
 */

import type { EcosResultCode } from "../wire/codes.ts";
import type { Dialect } from "../wire/dialect.ts";
import type { EcosServiceName } from "../wire/services.ts";
import type { Dataset } from "./data/dataset.ts";
import type { Route } from "./route.ts";
import { SERVICES } from "./services/mod.ts";
import type { RowSource } from "./services/service.ts";
import { checkRequest, type ValidRequest } from "./validate.ts";

/** What every answer depends on besides the request: the server's options. */
export interface AnswerSetup {
  /** The accepted API keys (with "sample"). */
  keys: ReadonlySet<string>;
  /** How labels and key statistics are answered. */
  dialect: Dialect;
  /** The most rows a StatisticSearch query may match, if limited. */
  workLimit: number | undefined;
  /** The data answered: the server's own seed, data end and revision round. */
  data: Dataset;
}

/** A page of rows, with what its body needs. */
export interface Page {
  /** The service: the body's top-level key. */
  service: EcosServiceName;
  /** Whether the body carries `row_count` (KeyStatisticList). */
  rowCount: boolean;
  /** Rows matched over all pages: `list_total_count`. */
  total: number;
  /** The page's rows, made as they are read. */
  rows: RowSource;
}

/** An answer: a page of rows, or a result code. */
export type Answer = Page | ResultAnswer;

/** A result code, and which of the code's texts answers it. */
export interface ResultAnswer {
  /** The code. */
  code: EcosResultCode;
  /** "sample-limit": ERROR-301's own text for the sample key's row limit. */
  text?: "sample-limit";
}

/**
 * Checks a request, then answers it. A bug in a service answers ERROR-500 rather than
 * failing the request.
 *
 * @param route The request's segments.
 * @param setup The server's keys, dialect, work limit and data.
 */
export function answerRoute(route: Route, setup: AnswerSetup): Answer {
  try {
    const checked = checkRequest(route, SERVICES, setup.keys);
    return "code" in checked ? checked : answerRequest(checked, setup);
  } catch {
    return { code: "ERROR-500" };
  }
}

/**
 * Answers a valid request through its service.
 *
 * @param request The checked request.
 * @param setup The server's dialect, work limit and data.
 */
function answerRequest(request: ValidRequest, setup: AnswerSetup): Answer {
  const { service, args, language, startNo, endNo } = request;
  const { dialect, workLimit, data } = setup;
  const answer = service.answer({ args, language, startNo, endNo, dialect, workLimit, data });
  if ("code" in answer) return answer;
  return { service: service.name, rowCount: service.rowCount, ...answer };
}
