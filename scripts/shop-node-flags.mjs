// The Node.js flags the shop's server runs with wherever it runs: `npm start`, the systemd unit, and the processes
// that benches and crash tests start. V8 sizes its heap from the machine's memory (4 GB on these 24 GB machines) and
// collects lazily: a 100,000-row import in the shop's runner left the process at 1.5 GB although what it held was a
// fraction of that. A bounded old generation makes V8 collect sooner, so the shop stays under 1 GB (issue 28,
// ADR 029). package.json's start script spells the same flags out; a unit test keeps the two equal.
export const SHOP_NODE_FLAGS = ['--max-old-space-size=640']
