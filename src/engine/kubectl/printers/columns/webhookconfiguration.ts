// Tables of the admission webhook configurations (printers.go printMutatingWebhook, printValidatingWebhook): the
// number of webhooks each holds.
import { translateTimestampSince } from '../time.ts';
import type { TableDef } from './column.ts';

export const webhookConfigurationTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Webhooks' }, { name: 'Age' }],
  row(obj, { now }) {
    const webhooks = (obj as { webhooks?: unknown[] }).webhooks;
    return [obj.metadata.name ?? '', String(Array.isArray(webhooks) ? webhooks.length : 0), translateTimestampSince(obj.metadata.creationTimestamp, now)];
  },
};
