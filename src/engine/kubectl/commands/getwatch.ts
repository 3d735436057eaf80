// kubectl get -w / --watch-only: the list once (unless --watch-only), then one printout per change of a
// matching object, as get.go's watch does: one resource type, the table header printed once (with the first
// row, whichever comes first), each later row flushed alone, YAML documents separated by "---".
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { parseSelector } from '../../api/labels.ts';
import { parseFieldSelector } from '../../api/fields.ts';
import { badRequest, isStatusError } from '../../apiserver/errors.ts';
import type { StoreEvent } from '../../apiserver/store.ts';
import { authorizeRequest, CommandError, printVerbatim, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { resolveResourceArgs } from '../resources.ts';
import { viewOf } from '../eventsview.ts';
import { printTable, toJson, toName, toYaml } from '../printers/index.ts';
import { printJsonPath } from '../printers/customcolumns.ts';
import { supportedFields } from './get.ts';
import { namespaceOf } from '../namespace.ts';

/** Turns one change into the text kubectl would print for it, line ends included (undefined: the object does not match). */
export type WatchRenderer = (e: StoreEvent) => string | undefined;

const WATCH_OUTPUTS = ['', 'wide', 'yaml', 'json', 'name', 'jsonpath'];

/** What a caller that cannot stream (headless exec) gets after the list. */
export const WATCH_HEADLESS_NOTE =
  'watch: this caller cannot stream (exec returns at once), so only the current list is printed; advance time and get again, or run the command in the page\'s terminal';

/**
 * Print the current list and hand `register` the renderer of later changes. Without `register` (headless
 * exec) the list is printed with a note on stderr and the command returns.
 */
export function getWatchCommand(ctx: KubectlContext, args: ParsedArgs, register: ((r: WatchRenderer) => void) | undefined): number {
  const outputArg = flag(args, 'output') ?? '';
  const eq = outputArg.indexOf('=');
  const output = eq < 0 ? outputArg : outputArg.slice(0, eq);
  const template = eq < 0 ? '' : outputArg.slice(eq + 1);
  if (!WATCH_OUTPUTS.includes(output)) {
    // Simplification: custom-columns is not offered with --watch.
    throw new CommandError(`--watch does not support the output format "${output}" here; use one of: ${WATCH_OUTPUTS.filter(Boolean).join(', ')}`);
  }
  const resources = resolveResourceArgs(ctx.store, args.positional);
  if (!resources.length) {
    throw new CommandError('You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.');
  }
  const count = resources.reduce((n, r) => n + Math.max(1, r.names.length), 0);
  if (resources.length > 1 || resources[0].names.length > 1) {
    throw new CommandError(`watch is only supported on individual resources and resource collections, but ${count} resources were found`);
  }
  const { info, names } = resources[0];
  const name = names[0];
  const allNamespaces = boolFlag(args, 'all-namespaces');
  const namespace = info.namespaced && !allNamespaces ? namespaceOf(ctx, args) : undefined;
  const labelSel = flag(args, 'selector');
  const fieldSel = flag(args, 'field-selector');
  if (name && (labelSel !== undefined || fieldSel !== undefined)) throw new CommandError('when specifying names, a selector (-l or --field-selector) may not be used');
  const selector = labelSel !== undefined ? parseSelector(labelSel) : undefined;
  let fieldSelector;
  try {
    fieldSelector = fieldSel !== undefined ? parseFieldSelector(fieldSel, supportedFields(info.kind)) : undefined;
  } catch (e) {
    throw isStatusError(e) ? e : badRequest((e as Error).message);
  }
  const matches = (o: KubeObject): boolean =>
    o.kind === info.kind &&
    (namespace === undefined || (o.metadata.namespace ?? '') === namespace) &&
    (name === undefined || o.metadata.name === name) &&
    (!selector || selector.matches(o.metadata.labels)) &&
    (!fieldSelector || fieldSelector.matches(o));

  const print = printerFor(ctx, info, output, template, {
    wide: output === 'wide',
    withNamespace: allNamespaces && info.namespaced,
    showLabels: boolFlag(args, 'show-labels'),
    labelColumns: (args.flags.get('label-columns') ?? []).flatMap((l) => l.split(',')).filter(Boolean),
    noHeaders: boolFlag(args, 'no-headers'),
  });
  // The watch request (a named one is a watch with a metadata.name field selector: no name in its attributes).
  authorizeRequest(ctx, { verb: 'watch', apiGroup: info.group, resource: info.plural, namespace });
  if (!boolFlag(args, 'watch-only')) {
    const items = ctx.store.list(info.kind, { namespace }).filter(matches);
    items.sort((a, b) => `${a.metadata.namespace ?? ''}/${a.metadata.name}`.localeCompare(`${b.metadata.namespace ?? ''}/${b.metadata.name}`));
    printVerbatim(ctx, print.list(items));
  }
  if (!register) {
    ctx.err.push(WATCH_HEADLESS_NOTE);
    return 0;
  }
  register((e) => (matches(e.object) ? print.one(e.object) : undefined));
  return 0;
}

interface RowOptions { wide: boolean; withNamespace: boolean; showLabels: boolean; labelColumns: string[]; noHeaders: boolean }

/**
 * Printouts with their line ends; the table's header goes with the first row printed. The list's rows share one
 * tabwriter flush (aligned), each later change is flushed alone, as get.go's watch does. -o jsonpath prints the
 * template's output alone, as kubectl does: without a "\n" in the template the objects run together.
 */
function printerFor(ctx: KubectlContext, info: KindInfo, output: string, template: string, opts: RowOptions): { list(items: KubeObject[]): string; one(o: KubeObject): string } {
  let printed = 0;
  const view = (o: KubeObject) => viewOf(info, [o])[0];
  const table = (items: KubeObject[]) => {
    const text = printTable(info, items, { ...opts, noHeaders: opts.noHeaders || printed > 0, now: ctx.clock.now() });
    printed += items.length;
    return text;
  };
  const one = (o: KubeObject): string => {
    const first = printed++ === 0;
    switch (output) {
      case 'yaml': return (first ? '' : '---\n') + toYaml(view(o));
      case 'json': return toJson(view(o));
      case 'name': return toName(info, o) + '\n';
      case 'jsonpath': return printJsonPath(template, view(o));
      default:
        printed--;
        return table([o]);
    }
  };
  const isTable = output === '' || output === 'wide';
  return { one, list: (items) => (isTable ? (items.length ? table(items) : '') : items.map(one).join('')) };
}
