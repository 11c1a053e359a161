// The Node.js flags the shop's server runs with wherever it runs: `npm start`, the systemd unit, and the processes
// that benches and crash tests start. V8 sizes its heap from the machine's memory (4 GB on these 24 GB machines) and
// collects lazily: a 100,000-row import in the shop's runner left the process at 1.5 GB although what it held was a
// fraction of that. A bounded old generation makes V8 collect sooner, so the shop stays under 1 GB (issue 28,
// ADR 029). package.json's start script spells the same flags out; a unit test keeps the two equal.
// A larger young generation (64 MB semi-spaces, V8's default is 16): a page's objects live across its database reads,
// and with small semi-spaces many survived two scavenges and were promoted, so the old generation filled and a full
// collection ran every 4 s or so under load. Measured (docs/perf.md, session 17): uncached /all-bikes p99 at 100,000
// variants on PostgreSQL 144-147 ms -> 110-120 ms, for about 100 MB more resident memory.
// The old generation grows to three times what the last full collection kept before the next one
// (--heap-growing-percent=200). V8 sets that factor from the heap's limit, and a 640 MB limit counts as a small
// device's: at most 1.45, so with the app's ~130 MB kept a full collection came about every 120 searches, and the
// searches it met were the slowest. Measured one shop at a time (bench/node-flags.mjs, docs/perf.md session 21):
// uncached search p99 at 100,000 variants on PostgreSQL 84-100 -> 51-60 ms, full collections per 300 searches
// 3-4 -> 1, cached pages no slower, peak RSS in that run 427 -> 563 MB. The 640 MB limit still bounds the heap.
export const SHOP_NODE_FLAGS = ['--max-old-space-size=640', '--max-semi-space-size=64', '--heap-growing-percent=200']
