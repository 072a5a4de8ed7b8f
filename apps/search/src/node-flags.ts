/**
 * V8 flags the search service is started with (`scripts/start.ts`, `bench/http`); its forked search workers
 * inherit them. A 64 MB young generation instead of V8's default: a search allocates megabytes of short-lived
 * arrays (matched sets, scores, the page's hits), and with the default one scavenge ran every few searches and
 * copied whatever the searches in flight still held, each 5–10 ms on this catalogue. In-process replay of the
 * visitor-session log with the cache off (`bench/http/profile-service.ts --log traffic`, 3,000 requests):
 * 2.3 → 1.8–2.0 CPU ms per request, p99 8.5 → 4.2 ms; 128 MB did no better.
 */
export const searchServiceNodeFlags: readonly string[] = ['--max-semi-space-size=64'];
