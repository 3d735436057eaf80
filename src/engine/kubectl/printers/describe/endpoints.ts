// kubectl describe endpoints (describeEndpoints): each subset's ready and not-ready addresses and its ports.
import type { Endpoints } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { typed } from '../columns/column.ts';
import type { DescribeContext } from './context.ts';
import { describeEvents, searchEvents } from './events.ts';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.ts';
import { LEVEL_0, LEVEL_1, LEVEL_2, PrefixWriter } from './writer.ts';

export function describeEndpoints(obj: KubeObject, ctx: DescribeContext): string {
  const ep = typed<Endpoints>(obj);
  const meta = ep.metadata ?? {};
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, 'Subsets:\n');
  for (const ss of ep.subsets ?? []) {
    w.write(LEVEL_1, `Addresses:\t${(ss.addresses ?? []).map((a) => a.ip).join(',') || '<none>'}\n`);
    w.write(LEVEL_1, `NotReadyAddresses:\t${(ss.notReadyAddresses ?? []).map((a) => a.ip).join(',') || '<none>'}\n`);
    if (ss.ports?.length) {
      w.write(LEVEL_1, 'Ports:\n');
      w.write(LEVEL_2, 'Name\tPort\tProtocol\n');
      w.write(LEVEL_2, '----\t----\t--------\n');
      for (const p of ss.ports) w.write(LEVEL_2, `${p.name || '<unset>'}\t${p.port}\t${p.protocol ?? ''}\n`);
    }
    w.write(LEVEL_0, '\n');
  }
  describeEvents(searchEvents(obj, ctx, { kind: 'Endpoints', uids: meta.uid ? [meta.uid] : [] }), w, ctx.now);
  return w.toString();
}
