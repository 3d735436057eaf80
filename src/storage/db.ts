// The browser database (IndexedDB through Dexie): editor documents, the cluster snapshot and small settings.
// Opened by the page (documents) and by the engine worker (snapshot); both use this one schema.
import { Dexie, type EntityTable } from 'dexie';
import type { ClusterSnapshot, EditSession } from '../engine/index.ts';
import type { ProgressRecord } from './progress.ts';
import type { UserOperatorSource } from '../worker/operators/protocol.ts';

export interface DocumentRecord {
  id: string;
  name: string;
  text: string;
  /** Wall-clock ms of the last edit. */
  updatedAt: number;
  /** The workspace the document belongs to (absent: the default workspace, as before workspaces existed). */
  workspaceId?: string;
  /** Position among the workspace's tabs (absent: after the ordered ones, by name). */
  order?: number;
  /** The document is the temp file of this pending `kubectl edit`: saving it goes on with the edit. */
  edit?: EditSession;
}

/** The cluster as the worker last saved it, plus what the page needs to resume at the same moment. */
export interface SavedCluster {
  id: string;
  snapshot: ClusterSnapshot;
  /** Virtual ms when the cluster was created (the clock shows time since then). */
  startMs: number;
  playing: boolean;
  speed: number;
  /** Wall-clock ms of the save. */
  savedAt: number;
  /** The user-written operators' code, installed again on restore (absent in older records). */
  operators?: UserOperatorSource[];
}

export interface SettingRecord {
  key: string;
  value: unknown;
}

/** A named set of editor documents (storage/workspaces.ts). */
export interface WorkspaceRecord {
  id: string;
  name: string;
  createdAt: number;
}

export const DB_NAME = 'kubesim';

export class KubesimDB extends Dexie {
  documents!: EntityTable<DocumentRecord, 'id'>;
  clusters!: EntityTable<SavedCluster, 'id'>;
  settings!: EntityTable<SettingRecord, 'key'>;
  progress!: EntityTable<ProgressRecord, 'id'>;
  workspaces!: EntityTable<WorkspaceRecord, 'id'>;

  constructor(name: string = DB_NAME) {
    super(name);
    this.version(1).stores({
      documents: 'id, updatedAt',
      clusters: 'id',
      settings: 'key',
    });
    // Version 2 adds exercise progress (storage/progress.ts); the tables of version 1 keep their data.
    this.version(2).stores({ progress: 'id, scenarioId, student, updatedAt' });
    // Version 3 adds workspaces; documents without a workspaceId stay in the default one.
    this.version(3).stores({ documents: 'id, updatedAt, workspaceId', workspaces: 'id' });
  }
}

let shared: KubesimDB | undefined;

/** The database of this origin (one per context: page or worker). */
export function openDb(): KubesimDB {
  shared ??= new KubesimDB();
  return shared;
}
