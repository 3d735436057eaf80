// kubectl config view [--minify] [--raw] [--flatten] [-o yaml|json|jsonpath=…]: the kubeconfig as kubectl prints
// it (clientcmd v1.Config; -o yaml sorts keys, -o json keeps the Go structs' field order). --raw and --flatten
// change nothing here but showing kept service account tokens: the kubeconfig holds placeholders, not credentials,
// and no file paths to inline.
import { CommandError, printVerbatim } from '../../context.ts';
import { boolFlag, flag } from '../../flags.ts';
import { redacted, toFile, type Kubeconfig } from '../../kubeconfig.ts';
import { printJsonPath } from '../../printers/customcolumns.ts';
import { toJson, toYaml } from '../../printers/format.ts';
import { usageError } from '../usage.ts';
import type { ConfigRun } from './args.ts';
import { goList } from '../../../api/validation.ts';
import { parseBoolFlag } from '../../flags.ts';

/** PrintFlags' formats, in kubectl's order (for its error text); the simulator prints yaml, json and jsonpath. */
const ALLOWED = ['json', 'yaml', 'name', 'go-template', 'go-template-file', 'template', 'templatefile', 'jsonpath', 'jsonpath-as-json', 'jsonpath-file'];

/** clientcmdapi.MinifyConfig: only the current context, its cluster and its user. */
function minify(kc: Kubeconfig): void {
  if (!kc.currentContext) throw new CommandError('current-context must exist in order to minify');
  const context = kc.contexts.get(kc.currentContext);
  if (!context) throw new CommandError(`cannot locate context ${kc.currentContext}`);
  const cluster = kc.clusters.get(context.cluster);
  if (context.cluster && !cluster) throw new CommandError(`cannot locate cluster ${context.cluster}`);
  const user = kc.users.get(context.user);
  if (context.user && !user) throw new CommandError(`cannot locate user ${context.user}`);
  kc.contexts = new Map([[kc.currentContext, context]]);
  kc.clusters = cluster ? new Map([[context.cluster, cluster]]) : new Map();
  kc.users = user ? new Map([[context.user, user]]) : new Map();
}

export const viewCommand: ConfigRun = (ctx, kc, args) => {
  if (args.positional.length) throw usageError('config view', `unexpected arguments: ${goList(args.positional)}`);
  if (parseBoolFlag(args, 'merge') === false) throw new CommandError('if merge==false a precise file must to specified');
  const output = flag(args, 'output') || 'yaml';
  const format = output.split('=')[0];
  if (!ALLOWED.includes(format)) throw new CommandError(`unable to match a printer suitable for the output format "${output}", allowed formats are: ${ALLOWED.join(',')}`);
  // The subcommand's copy is committed on success: view prints from a copy of its own.
  const shown = structuredClone(boolFlag(args, 'raw') ? kc : redacted(kc));
  if (boolFlag(args, 'minify')) {
    const context = flag(args, 'context');
    if (context) shown.currentContext = context;
    minify(shown);
  }
  const file = toFile(shown);
  if (format === 'yaml') ctx.out.push(toYaml(file).replace(/\n$/, ''));
  else if (format === 'json') ctx.out.push(toJson(file, { sortKeys: false }).replace(/\n$/, ''));
  else if (format === 'jsonpath') printVerbatim(ctx, printJsonPath(output.slice('jsonpath='.length), JSON.parse(JSON.stringify(file))));
  else throw new CommandError(`-o ${format} is not supported by the simulator's kubectl config view: use yaml, json or jsonpath`);
  return 0;
};
