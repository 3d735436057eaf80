// kubectl config current-context, get-contexts, use-context, set-context, rename-context, delete-context.
import { CommandError } from '../../context.ts';
import { boolFlag, flag } from '../../flags.ts';
import { KUBECONFIG_PATH } from '../../kubeconfig.ts';
import { TABLE_TABWRITER, tabwrite } from '../../printers/tabwriter.ts';
import { unexpectedArgs, type ConfigRun } from './args.ts';
import { goQuote } from '../../../api/validation.ts';

export const currentContextCommand: ConfigRun = (ctx, kc) => {
  if (!kc.currentContext) throw new CommandError('current-context is not set');
  ctx.out.push(kc.currentContext);
  return 0;
};

/** The -o values kubectl knows; get-contexts prints only its table or names. */
const KNOWN_OUTPUTS = ['', 'json', 'yaml', 'wide', 'name', 'custom-columns', 'custom-columns-file', 'go-template', 'go-template-file', 'jsonpath', 'jsonpath-file'];

export const getContextsCommand: ConfigRun = (ctx, kc, args) => {
  let output = flag(args, 'output') ?? '';
  if (!KNOWN_OUTPUTS.includes(output)) throw new CommandError(`output must be one of '' or 'name': ${output}`);
  if (output !== '' && output !== 'name') {
    ctx.out.push(`--output ${output} is not available in kubectl config get-contexts; resetting to default output format`);
    output = '';
  }
  const nameOnly = output === 'name';
  const missing = args.positional.filter((n) => !kc.contexts.has(n)).map((n) => `context ${n} not found`);
  const names = (args.positional.length ? args.positional.filter((n) => kc.contexts.has(n)) : [...kc.contexts.keys()]).sort();
  const lines = nameOnly || boolFlag(args, 'no-headers') ? [] : ['CURRENT\tNAME\tCLUSTER\tAUTHINFO\tNAMESPACE'];
  for (const name of names) {
    const c = kc.contexts.get(name)!;
    lines.push(nameOnly ? name : `${kc.currentContext === name ? '*' : ' '}\t${name}\t${c.cluster}\t${c.user}\t${c.namespace ?? ''}`);
  }
  if (lines.length) ctx.out.push(tabwrite(lines.join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, ''));
  // An aggregate of one error is that error; of several, one line each without "error: " (cmdutil.CheckErr).
  if (missing.length === 1) throw new CommandError(missing[0]);
  ctx.err.push(...missing);
  return missing.length ? 1 : 0;
};

export const useContextCommand: ConfigRun = (ctx, kc, args) => {
  if (args.positional.length !== 1) throw unexpectedArgs(args.positional);
  const [name] = args.positional;
  if (!name) throw new CommandError('empty context names are not allowed');
  if (!kc.contexts.has(name)) throw new CommandError(`no context exists with the name: ${goQuote(name)}`);
  kc.currentContext = name;
  ctx.out.push(`Switched to context ${goQuote(name)}.`);
  return 0;
};

export const setContextCommand: ConfigRun = (ctx, kc, args) => {
  if (args.positional.length > 1) throw unexpectedArgs(args.positional);
  const current = boolFlag(args, 'current');
  let name = args.positional[0] ?? '';
  if (!name && !current) throw new CommandError('you must specify a non-empty context name or --current');
  if (name && current) throw new CommandError('you cannot specify both a context name and --current');
  if (current) {
    if (!kc.currentContext) throw new CommandError('no current context is set');
    name = kc.currentContext;
  }
  const existing = kc.contexts.get(name);
  const context = existing ?? { cluster: '', user: '' };
  // Only the flags given change the entry; an empty value clears it.
  const cluster = flag(args, 'cluster');
  const user = flag(args, 'user');
  const namespace = flag(args, 'namespace');
  if (cluster !== undefined) context.cluster = cluster;
  if (user !== undefined) context.user = user;
  if (namespace !== undefined) {
    if (namespace) context.namespace = namespace;
    else delete context.namespace;
  }
  kc.contexts.set(name, context);
  ctx.out.push(`Context ${goQuote(name)} ${existing ? 'modified' : 'created'}.`);
  return 0;
};

export const renameContextCommand: ConfigRun = (ctx, kc, args) => {
  if (args.positional.length !== 2) throw unexpectedArgs(args.positional);
  const [from, to] = args.positional;
  if (!to) throw new CommandError('You must specify a new non-empty context name');
  const context = kc.contexts.get(from);
  if (!context) throw new CommandError(`cannot rename the context ${goQuote(from)}, it's not in ${KUBECONFIG_PATH}`);
  if (kc.contexts.has(to)) throw new CommandError(`cannot rename the context ${goQuote(from)}, the context ${goQuote(to)} already exists in ${KUBECONFIG_PATH}`);
  kc.contexts.set(to, context);
  kc.contexts.delete(from);
  if (kc.currentContext === from) kc.currentContext = to;
  ctx.out.push(`Context ${goQuote(from)} renamed to ${goQuote(to)}.`);
  return 0;
};

export const deleteContextCommand: ConfigRun = (ctx, kc, args) => {
  if (args.positional.length !== 1) {
    // kubectl prints the command's help and succeeds.
    ctx.out.push('Usage:\n  kubectl config delete-context NAME');
    return 0;
  }
  const [name] = args.positional;
  if (!kc.contexts.has(name)) throw new CommandError(`cannot delete context ${name}, not in ${KUBECONFIG_PATH}`);
  // As upstream, current-context keeps the deleted name: commands fail until another context is chosen.
  if (kc.currentContext === name) ctx.err.push('warning: this removed your active context, use "kubectl config use-context" to select a different one');
  kc.contexts.delete(name);
  ctx.out.push(`deleted context ${name} from ${KUBECONFIG_PATH}`);
  return 0;
};
