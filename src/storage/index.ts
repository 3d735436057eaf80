export { KubesimDB, openDb, DB_NAME } from './db.ts';
export type { DocumentRecord, SavedCluster, SettingRecord } from './db.ts';
export { clusterStore, CURRENT_CLUSTER } from './cluster.ts';
export type { ClusterStore } from './cluster.ts';
export { DocumentStore, newDocumentId } from './documents.ts';
export type { Workspace } from './documents.ts';
export { DEFAULT_DOCUMENT_NAME, DEFAULT_DOCUMENT_TEXT, NEW_DOCUMENT_TEXT } from './defaults.ts';
