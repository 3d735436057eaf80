// Uids and generated names for the objects the Endpoints and mirroring controllers add, from a seed of their own:
// the controller, the object's key and the store's resourceVersion at the write. These objects are newer than the
// rest of the simulator, so they must not shift the API server's draws (every other uid and generated name stays
// where it was); the resourceVersion, kept in snapshots and bumped by every write, keeps them unique after a reload.
import type { Store } from '../apiserver/store.ts';
import { SeededRng } from '../sim/rng.ts';

export function ownDraws(store: Store, label: string): SeededRng {
  return new SeededRng(`${label}:${store.resourceVersion}`);
}
