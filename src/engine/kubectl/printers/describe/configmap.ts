// kubectl describe configmap: each data key with its value under a "----" rule, binary keys with their size.
import type { ConfigMap } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import { sortedKeys } from '../labelmap.ts';
import type { DescribeContext } from './context.ts';
import { describeEvents, searchEvents } from './events.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { LEVEL_0, PrefixWriter } from './writer.ts';

/** Bytes in a base64 string (binaryData travels base64-encoded). */
function base64Length(s: string): number {
  const clean = s.replace(/[^A-Za-z0-9+/=_-]/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

export function describeConfigMap(obj: KubeObject, ctx: DescribeContext): string {
  const cm = typed<ConfigMap>(obj);
  const meta = cm.metadata ?? {};
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, '\nData\n====\n');
  for (const k of sortedKeys(cm.data)) {
    w.write(LEVEL_0, `${k}:\n----\n`);
    w.write(LEVEL_0, `${cm.data?.[k] ?? ''}\n`);
    w.write(LEVEL_0, '\n');
  }
  w.write(LEVEL_0, '\nBinaryData\n====\n');
  for (const k of sortedKeys(cm.binaryData)) w.write(LEVEL_0, `${k}: ${base64Length(cm.binaryData?.[k] ?? '')} bytes\n`);
  w.write(LEVEL_0, '\n');
  describeEvents(searchEvents(obj, ctx, { kind: 'ConfigMap', uids: meta.uid ? [meta.uid] : [] }), w, ctx.now);
  return w.toString();
}
