// The first script the page runs: start the engine worker and its cluster now, then load the page's code.
// The worker's boot (its own bundle, the cluster, the default scenario) overlaps the page's parse and first
// render instead of waiting for them; App's later init() gets the same cluster (init is idempotent).
import { connectEngine } from './worker/client.ts';

const engine = connectEngine();
// A failure here is shown by App, whose own init() call receives the same rejection.
engine.init().catch(() => undefined);
void import('./main.tsx').then((page) => page.start(engine));
