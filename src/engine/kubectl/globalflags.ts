// kubectl's persistent flags (the root command's: genericclioptions.ConfigFlags, klog's -v/--vmodule, the profiling
// and warning flags) and how cobra finds the subcommand among them: a persistent flag may come before the verb, after
// it, or both, and a subcommand's own flag of the same name shadows it (config set-context's --namespace).
import { FlagError, flag, parseFlags, parseGoBool, type FlagSpec, type ParsedArgs } from './flags.ts';

/** Persistent flags every kubectl command takes, with pflag's shorthands. */
export const GLOBAL_FLAGS: FlagSpec[] = [
  // Which kubeconfig entries, and overrides of their fields.
  { name: 'kubeconfig', value: true },
  { name: 'context', value: true },
  { name: 'cluster', value: true },
  { name: 'user', value: true },
  { name: 'namespace', short: 'n', value: true },
  { name: 'server', short: 's', value: true },
  { name: 'tls-server-name', value: true },
  { name: 'insecure-skip-tls-verify' },
  { name: 'certificate-authority', value: true },
  { name: 'client-certificate', value: true },
  { name: 'client-key', value: true },
  { name: 'token', value: true },
  { name: 'username', value: true },
  { name: 'password', value: true },
  { name: 'disable-compression' },
  { name: 'request-timeout', value: true },
  { name: 'cache-dir', value: true },
  // Impersonation.
  { name: 'as', value: true },
  { name: 'as-group', value: true, repeated: true },
  { name: 'as-uid', value: true },
  { name: 'as-user-extra', value: true, repeated: true },
  // kubectl's own.
  { name: 'match-server-version' },
  { name: 'warnings-as-errors' },
  { name: 'profile', value: true },
  { name: 'profile-output', value: true },
  { name: 'v', short: 'v', value: true },
  { name: 'vmodule', value: true },
  { name: 'log-flush-frequency', value: true },
  // cobra's, on every command.
  { name: 'help', short: 'h' },
];

/** The flags a command parses: its own, then the persistent ones it does not shadow (pflag's AddFlagSet skips a taken name). */
export function withGlobals(local: FlagSpec[]): FlagSpec[] {
  const own = new Set(local.map((f) => f.name));
  const shorts = new Set(local.map((f) => f.short).filter(Boolean));
  return [...local, ...GLOBAL_FLAGS.filter((g) => !own.has(g.name) && !(g.short && shorts.has(g.short)))];
}

/**
 * cobra's Find over stripFlags: the first word that is not a flag or a flag's value, and the arguments without it.
 * A long flag without "=" or a two-letter shorthand takes the next word as its value unless it is a known boolean;
 * an unknown one is taken to have a value too (so `kubectl --foo get pods` looks for a command "pods", as cobra does).
 * "--" ends the search.
 */
export function findSubcommand(argv: string[], flags: FlagSpec[] = GLOBAL_FLAGS): { name?: string; rest: string[] } {
  const [i] = positionalIndexes(argv, flags);
  return i === undefined ? { rest: argv } : { name: argv[i], rest: [...argv.slice(0, i), ...argv.slice(i + 1)] };
}

/** Where the positional words of `argv` are, up to "--", skipping the values of the flags that take one. */
function positionalIndexes(argv: string[], flags: FlagSpec[]): number[] {
  const bool = (spec: FlagSpec | undefined) => spec !== undefined && (!spec.value || spec.bareValue !== undefined);
  const out: number[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') break;
    if (a.startsWith('--') && !a.includes('=')) {
      if (!bool(flags.find((f) => f.name === a.slice(2)))) i++;
    } else if (a.length === 2 && a.startsWith('-')) {
      if (!bool(flags.find((f) => f.short === a[1]))) i++;
    } else if (a !== '' && !a.startsWith('-')) {
      out.push(i);
    }
  }
  return out;
}

/** The positional words of `args` (a subcommand's path), reading flags as `local` and the persistent flags have them. */
export function positionalWords(args: string[], local: FlagSpec[]): string[] {
  return positionalIndexes(args, withGlobals(local)).map((i) => args[i]);
}

/**
 * Parse a command's arguments with the persistent flags, printing pflag's error and cobra's hint as kubectl does
 * (`See 'kubectl get --help' for usage.`); undefined after an error.
 */
export function parseCommandFlags(err: string[], commandPath: string, args: string[], local: FlagSpec[]): ParsedArgs | undefined {
  try {
    const parsed = parseFlags(args, withGlobals(local));
    checkValues(parsed, local);
    return parsed;
  } catch (e) {
    if (!(e instanceof FlagError)) throw e;
    err.push(`error: ${e.message}\nSee '${commandPath} --help' for usage.`);
    return undefined;
  }
}

/** pflag's Set for the persistent flags that are not strings: klog's Level (an int32) and the booleans. */
function checkValues(args: ParsedArgs, local: FlagSpec[]): void {
  const shadowed = new Set(local.map((f) => f.name));
  const v = shadowed.has('v') ? undefined : flag(args, 'v');
  if (v !== undefined && !/^[+-]?\d+$/.test(v)) throw new FlagError(`invalid argument ${JSON.stringify(v)} for "-v, --v" flag: strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`);
  for (const spec of GLOBAL_FLAGS) {
    if (spec.value || spec.name === 'help' || shadowed.has(spec.name)) continue;
    const value = flag(args, spec.name);
    if (value !== undefined && parseGoBool(value) === undefined) {
      throw new FlagError(`invalid argument ${JSON.stringify(value)} for "--${spec.name}" flag: strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`);
    }
  }
}

/** The persistent flags alone, without those a command's own flags shadow (create rolebinding's --user is a subject). */
export function persistentFlags(args: ParsedArgs, local: FlagSpec[]): ParsedArgs {
  const own = new Set(local.map((f) => f.name));
  const flags = new Map([...args.flags].filter(([name]) => !own.has(name) && GLOBAL_FLAGS.some((g) => g.name === name)));
  return { positional: args.positional, flags };
}
