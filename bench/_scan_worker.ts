/**
 * A Worker that scans page bodies (bench/worker_probe.ts): bytes in, transferred; the scanned
 * columns out, their arrays transferred back.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import { scanPage } from "../src/client/_scan.ts";
import type { PageFields } from "../src/client/_page.ts";

self.onmessage = (e: MessageEvent<{ id: number; bytes: Uint8Array; fields: PageFields }>) => {
  const { id, bytes, fields } = e.data;
  const page = scanPage(bytes, fields, 1 << 20);
  if (page === undefined) {
    self.postMessage({ id, page: undefined });
    return;
  }
  const transfer: ArrayBuffer[] = [];
  for (const t of page.texts) if (t.ids) transfer.push(t.ids.buffer as ArrayBuffer);
  for (const v of page.numbers) if (v) transfer.push(v.buffer as ArrayBuffer);
  self.postMessage({ id, page }, transfer);
};
