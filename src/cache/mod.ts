/**
 * The on-disk response cache: {@linkcode ResponseCache} and where it lives,
 * {@linkcode defaultCacheDir}.
 *
 * @module
 */

export {
  type CacheGetOptions,
  type CacheInfo,
  DEFAULT_TTL_MS,
  ResponseCache,
  type ResponseCacheOptions,
  type StagedEntry,
} from "./response_cache.ts";
export { type CachedPage } from "./entry.ts";
export { CACHE_FORMAT, type CacheKey } from "./key.ts";
export { defaultCacheDir } from "./dir.ts";
