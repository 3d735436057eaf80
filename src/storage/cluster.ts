// The saved cluster: one record, written by the engine worker, read back on the next page load.
import type { KubesimDB, SavedCluster } from './db.ts';

export const CURRENT_CLUSTER = 'current';

export interface ClusterStore {
  load(): Promise<SavedCluster | undefined>;
  save(record: Omit<SavedCluster, 'id'>): Promise<void>;
  clear(): Promise<void>;
}

export function clusterStore(db: KubesimDB, id: string = CURRENT_CLUSTER): ClusterStore {
  return {
    load: () => db.clusters.get(id),
    save: async (record) => {
      await db.clusters.put({ ...record, id });
    },
    clear: () => db.clusters.delete(id),
  };
}
