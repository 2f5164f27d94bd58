/**
 * JSON bodies: `{"StatisticSearch":{"list_total_count":31,"row":[...]}}` or
 * `{"RESULT":{"CODE":"INFO-200","MESSAGE":"..."}}`.
 *
 * @module
 */

import { BodyError, type Decoded, readEnvelope } from "./_envelope.ts";

/**
 * Decodes a JSON body.
 *
 * @param text The body.
 * @param service The service that was called: its name is the envelope's key.
 * @returns Rows with their total, or the result code.
 * @throws {BodyError} When the body is not JSON (cut short, say) or not an ECOS
 * envelope.
 */
export function decodeJson(text: string, service: string): Decoded {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    // The parser's own message quotes a window of the body, which may cut a key echoed there
    // in two; keep only its words, and quote the body ourselves (redacted before the cut).
    const reason = String((e as Error).message).replace(/".*"(?:\.\.\.)?/s, "…");
    throw new BodyError(`the JSON does not parse (${reason})`, { quote: text });
  }
  return readEnvelope(parsed, service);
}
