/**
 * JSON bodies: `{"StatisticSearch":{"list_total_count":31,"row":[...]}}` or
 * `{"RESULT":{"CODE":"INFO-200","MESSAGE":"..."}}`.
 *
 * @module
 */

import { badResponse, type Decoded, readEnvelope, snippet } from "./envelope.ts";

/**
 * Decodes a JSON body.
 *
 * @param text The body.
 * @param service The service that was called: its name is the envelope's key.
 * @returns Rows with their total, or the result code.
 * @throws {EcosError} BAD_RESPONSE when the body is not JSON (cut short, say) or not an ECOS
 * envelope.
 */
export function decodeJson(text: string, service: string): Decoded {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    // The parser's message quotes the body, not the URL: safe to keep.
    throw badResponse(`the JSON does not parse (${(e as Error).message}): ${snippet(text)}`, e);
  }
  return readEnvelope(parsed, service);
}
