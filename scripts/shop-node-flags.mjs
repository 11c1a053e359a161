// The Node.js flags the shop's server runs with wherever it runs: `npm start`, the systemd unit, and the processes
// that benches and crash tests start. V8 sizes its heap from the machine's memory (4 GB on these 24 GB machines) and
// collects lazily: a 100,000-row import in the shop's runner left the process at 1.5 GB although what it held was a
// fraction of that. A bounded old generation makes V8 collect sooner, so the shop stays under 1 GB (ADR 035).
// package.json's start script spells the same flags out; a unit test keeps the two equal.
// A larger young generation (64 MB semi-spaces, V8's default is 16): a page's objects live across its database reads,
// and with small semi-spaces many survived two scavenges and were promoted, so the old generation filled and a full
// collection ran every 4 s or so under load. Measured (docs/perf-log.md, session 17): uncached /all-bikes p99 at 100,000
// variants on PostgreSQL 144-147 ms -> 110-120 ms, for about 100 MB more resident memory.
// Incremental marking starts (by task) once the old generation holds 75% of its limit. V8's own rule starts it as
// soon as the room left under the limit is less than the young generation's capacity (heap.cc,
// IncrementalMarkingLimitReached): with 64 MB semi-spaces that is a third of the way from the last full collection
// to the limit (`--trace-incremental-marking`: started at 128-156 MB of a 201-236 MB limit, 115 MB kept), and as
// marking ends about 70 ms later, a full collection came long before the limit: about every 100 uncached searches
// at 100,000 variants, each with 25-45 ms of marking steps and a 9-17 ms pause on the main thread. With the trigger,
// about every 300: search p99 on PostgreSQL 64 -> 43 ms in catalogue-scale (docs/perf-log.md, session 25; ADR 035).
// Node 20, 22 and 24 all know the flag (the unit test beside this file starts the running Node with these flags).
export const SHOP_NODE_FLAGS = ['--max-old-space-size=640', '--max-semi-space-size=64', '--incremental-marking-soft-trigger=75']
