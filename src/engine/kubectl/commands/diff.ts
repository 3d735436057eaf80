// kubectl diff -f: a server-side dry-run apply of each object, shown as a unified diff against the live object.
// Exit code 1 when something would change, 0 when nothing would. (kubectl hides managedFields; we keep none.)
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { toYaml } from '../printers/index.ts';
import { applyCommand } from './apply.ts';
import type { KubectlContext } from '../context.ts';
import type { ParsedArgs } from '../flags.ts';
import { unifiedDiff } from '../unifieddiff.ts';

export function diffCommand(ctx: KubectlContext, args: ParsedArgs): number {
  args.flags.set('dry-run', ['server']);
  const docs = applyCommand(ctx, args);
  let changed = false;
  let failed = false;
  const stamp = new Date(ctx.clock.now()).toISOString().replace('T', ' ').replace(/\.(\d{3})Z$/, '.$1000000 +0000');
  for (const d of docs) {
    if (!d.ok || !d.result) { ctx.err.push(d.message); failed = true; continue; }
    const info = ctx.store.kinds.byKindName(d.result.kind)!;
    const file = fileName(info, d.result);
    const text = unifiedDiff(d.live ? toYaml(d.live) : '', toYaml(d.result), `/tmp/LIVE-0/${file}`, `/tmp/MERGED-0/${file}`, stamp);
    if (text) { changed = true; ctx.out.push(text.replace(/\n$/, '')); }
  }
  return failed ? 2 : changed ? 1 : 0;
}

/** apps.v1.Deployment.default.web, as kubectl names the files it compares. */
function fileName(info: KindInfo, obj: KubeObject): string {
  return [info.group, info.version, info.kind, obj.metadata.namespace, obj.metadata.name].filter(Boolean).join('.');
}
