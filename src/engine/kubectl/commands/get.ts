// kubectl get: tables with kubectl's columns, or -o wide|yaml|json|name.
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { parseSelector } from '../../api/labels.ts';
import { parseFieldSelector } from '../../api/fields.ts';
import { badRequest, isStatusError, notFound } from '../../apiserver/errors.ts';
import { CommandError, formatError, printVerbatim, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { resolveResourceArgs } from '../resources.ts';
import { viewOf } from '../eventsview.ts';
import { noResourcesMessage, printTable, toJson, toList, toName, toYaml } from '../printers/index.ts';
import { printCustomColumns, printJsonPath } from '../printers/customcolumns.ts';
import { printGoTemplate } from '../printers/gotemplate.ts';
import { sortObjects } from '../printers/sortby.ts';
import { namespaceOf } from '../namespace.ts';
import { getRawCommand } from './getraw.ts';

const POD_FIELDS = ['metadata.name', 'metadata.namespace', 'spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'spec.serviceAccountName', 'status.phase', 'status.podIP', 'status.nominatedNodeName'];
const META_FIELDS = ['metadata.name', 'metadata.namespace'];
const EVENT_FIELDS = [...META_FIELDS, 'involvedObject.kind', 'involvedObject.namespace', 'involvedObject.name', 'involvedObject.uid', 'reason', 'source', 'type'];
const NODE_FIELDS = [...META_FIELDS, 'spec.unschedulable'];

export function supportedFields(kind: string): string[] {
  return kind === 'Pod' ? POD_FIELDS : kind === 'Event' ? EVENT_FIELDS : kind === 'Node' ? NODE_FIELDS : META_FIELDS;
}

export const OUTPUTS = ['wide', 'yaml', 'json', 'name', 'jsonpath', 'jsonpath-as-json', 'jsonpath-file', 'custom-columns', 'custom-columns-file', 'go-template', 'go-template-file', 'template', 'templatefile'];

/** -o FORMAT=ARG: the printer (a -file form reads its template from the named document) and its template. */
function templateOf(ctx: KubectlContext, output: string, arg: string): { printer: string; template: string } {
  const printer = output === 'template' ? 'go-template' : output === 'templatefile' ? 'go-template-file' : output;
  if (!printer.endsWith('-file')) return { printer, template: arg };
  const text = ctx.files.get(arg);
  if (text === undefined) throw new CommandError(`error reading template ${arg}, open ${arg}: no such file or directory`);
  const base = printer.slice(0, -'-file'.length);
  return { printer: base, template: base === 'custom-columns' ? customColumnsFile(text) : text };
}

/** A custom-columns file (a line of headers, a line of field specs) as the -o custom-columns spec. */
function customColumnsFile(text: string): string {
  const [headerLine, specLine] = text.split('\n');
  const expected = 'Expected format is one line of space separated headers, one line of space separated column specs.';
  if (!headerLine?.trim()) throw new CommandError(`invalid template, missing header line. ${expected}`);
  if (!specLine?.trim()) throw new CommandError(`invalid template, missing spec line. ${expected}`);
  const headers = headerLine.trim().split(/\s+/);
  const specs = specLine.trim().split(/\s+/);
  if (headers.length !== specs.length) throw new CommandError(`number of headers (${headers.length}) and field specifications (${specs.length}) don't match`);
  return headers.map((h, i) => `${h}:${specs[i]}`).join(',');
}

export function getCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const raw = flag(args, 'raw');
  if (raw !== undefined) return getRawCommand(ctx, args, raw);
  // -o jsonpath=TEMPLATE and -o custom-columns=SPEC carry their argument after "=".
  const outputArg = flag(args, 'output') ?? '';
  const eq = outputArg.indexOf('=');
  const format = eq < 0 ? outputArg : outputArg.slice(0, eq);
  if (format && !OUTPUTS.includes(format)) {
    throw new CommandError(`unable to match a printer suitable for the output format "${format}", allowed formats are: ${[...OUTPUTS].sort().join(',')}`);
  }
  const { printer: output, template } = templateOf(ctx, format, eq < 0 ? '' : outputArg.slice(eq + 1));
  const sortBy = flag(args, 'sort-by');
  const resources = resolveResourceArgs(ctx.store, args.positional);
  if (!resources.length) {
    throw new CommandError("You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete list of supported resources.");
  }
  const allNamespaces = boolFlag(args, 'all-namespaces');
  const namespace = namespaceOf(ctx, args);
  const labelSel = flag(args, 'selector');
  const fieldSel = flag(args, 'field-selector');
  const selector = labelSel !== undefined ? parseSelector(labelSel) : undefined;
  let code = 0;
  const collected: { info: KindInfo; items: KubeObject[] }[] = [];
  for (const { info, names } of resources) {
    const ns = info.namespaced && !allNamespaces ? namespace : undefined;
    if (names.length) {
      if (selector || fieldSel) throw new CommandError('when specifying names, a selector (-l or --field-selector) may not be used');
      const items: KubeObject[] = [];
      for (const name of names) {
        try {
          const obj = ctx.store.tryGet(info.kind, info.namespaced ? namespace : undefined, name);
          if (!obj) throw notFound(info, name);
          items.push(obj);
        } catch (e) {
          ctx.err.push(formatError(e));
          code = 1;
        }
      }
      collected.push({ info, items });
    } else {
      let fieldSelector;
      try {
        fieldSelector = fieldSel !== undefined ? parseFieldSelector(fieldSel, supportedFields(info.kind)) : undefined;
      } catch (e) {
        throw isStatusError(e) ? e : badRequest((e as Error).message);
      }
      const items = ctx.store.list(info.kind, { namespace: ns, labelSelector: selector, fieldSelector });
      collected.push({ info, items: sortForListing(items) });
    }
  }
  if (sortBy) for (const c of collected) c.items = sortObjects(c.items, sortBy);
  const all = collected.flatMap((c) => c.items);
  // Objects printed as objects take the requested version's shape (tables print the stored one).
  const objects = collected.flatMap((c) => viewOf(c.info, c.items));
  const single = resources.length === 1 && resources[0].names.length === 1;
  if (output === 'yaml' || output === 'json') {
    const doc = single && objects.length === 1 ? objects[0] : toList(objects);
    if (all.length || !single) ctx.out.push((output === 'yaml' ? toYaml(doc) : toJson(doc)).replace(/\n$/, ''));
    return code;
  }
  if (output === 'jsonpath' || output === 'jsonpath-as-json' || output === 'go-template') {
    const data = single && objects.length === 1 ? objects[0] : toList(objects);
    printVerbatim(ctx, output === 'go-template' ? printGoTemplate(template, data) : printJsonPath(template, data, output === 'jsonpath-as-json'));
    return code;
  }
  if (output === 'custom-columns') {
    ctx.out.push(printCustomColumns(template, objects, boolFlag(args, 'no-headers')));
    return code;
  }
  if (output === 'name') {
    for (const { info, items } of collected) for (const o of items) ctx.out.push(toName(info, o));
    return code;
  }
  if (!all.length) {
    if (code === 0) ctx.err.push(noResourcesMessage(allNamespaces || resources.every((r) => !r.info.namespaced) ? undefined : namespace).replace(/\n$/, ''));
    return code;
  }
  const multi = multipleTypesRequested(args.positional) || collected.filter((c) => c.items.length).length > 1;
  const blocks: string[] = [];
  for (const { info, items } of collected) {
    if (!items.length) continue;
    const table = printTable(info, items, {
      wide: output === 'wide',
      withNamespace: allNamespaces && info.namespaced,
      showLabels: boolFlag(args, 'show-labels'),
      labelColumns: (args.flags.get('label-columns') ?? []).flatMap((l) => l.split(',')).filter(Boolean),
      noHeaders: boolFlag(args, 'no-headers'),
      now: ctx.clock.now(),
      withKind: multi,
    });
    blocks.push(table.replace(/\n$/, ''));
  }
  ctx.out.push(blocks.join('\n\n'));
  return code;
}

/** kubectl's MultipleTypesRequested: "all", a list of several types, or TYPE/NAME arguments of several types. */
function multipleTypesRequested(positional: string[]): boolean {
  if (positional.includes('all')) return true;
  const typed = positional.some((a) => a.includes('/')) ? positional.map((a) => a.split('/')[0]) : positional[0]?.split(',') ?? [];
  return new Set(typed.filter(Boolean)).size > 1;
}

/** The API server lists in key order: namespace, then name. Events sort by time on the client in kubectl. */
function sortForListing(items: KubeObject[]): KubeObject[] {
  return [...items].sort((a, b) => {
    const an = a.metadata.namespace ?? '', bn = b.metadata.namespace ?? '';
    if (an !== bn) return an < bn ? -1 : 1;
    const x = a.metadata.name ?? '', y = b.metadata.name ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
