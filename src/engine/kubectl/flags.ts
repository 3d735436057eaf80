// A small pflag-like parser: --flag=value, --flag value, -f value, -fvalue, boolean flags, "--" ends flags.
import { CommandError } from './context.ts';
export interface FlagSpec {
  name: string;
  short?: string;
  /** Takes a value (string flags); booleans do not, but accept --flag=true|false. */
  value?: boolean;
  /** May repeat (e.g. -f a -f b). */
  repeated?: boolean;
  /** With value: pflag's NoOptDefVal, what a bare --flag means; a value then only comes as --flag=value. */
  bareValue?: string;
}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string[]>;
  /** How many positional arguments came before "--" (cobra's ArgsLenAtDash); absent without "--". */
  dashAt?: number;
}

export class FlagError extends Error {}

export function parseFlags(args: string[], specs: FlagSpec[]): ParsedArgs {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const byShort = new Map(specs.filter((s) => s.short).map((s) => [s.short!, s]));
  const flags = new Map<string, string[]>();
  const positional: string[] = [];
  let dashAt: number | undefined;
  const set = (spec: FlagSpec, v: string) => {
    const list = flags.get(spec.name) ?? [];
    if (spec.repeated) list.push(v); else list.splice(0, list.length, v);
    flags.set(spec.name, list);
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') { dashAt = positional.length; positional.push(...args.slice(i + 1)); break; }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      const spec = byName.get(name);
      if (!spec) throw new FlagError(`unknown flag: --${name}`);
      if (spec.value) {
        if (eq >= 0) set(spec, a.slice(eq + 1));
        else if (spec.bareValue !== undefined) set(spec, spec.bareValue);
        else if (i + 1 < args.length) set(spec, args[++i]);
        else throw new FlagError(`flag needs an argument: --${name}`);
      } else set(spec, eq >= 0 ? a.slice(eq + 1) : 'true');
    } else if (a.startsWith('-') && a.length > 1 && !/^-\d/.test(a)) {
      const short = a[1];
      const spec = byShort.get(short);
      if (!spec) throw new FlagError(`unknown shorthand flag: '${short}' in ${a}`);
      if (spec.value) {
        const rest = a.slice(2).replace(/^=/, '');
        if (rest) set(spec, rest);
        else if (i + 1 < args.length) set(spec, args[++i]);
        else throw new FlagError(`flag needs an argument: '${short}' in -${short}`);
      } else {
        set(spec, 'true');
        // Combined booleans like -Aw.
        for (const extra of a.slice(2)) {
          const s2 = byShort.get(extra);
          if (!s2 || s2.value) throw new FlagError(`unknown shorthand flag: '${extra}' in ${a}`);
          set(s2, 'true');
        }
      }
    } else positional.push(a);
  }
  return dashAt === undefined ? { positional, flags } : { positional, flags, dashAt };
}

export function flag(p: ParsedArgs, name: string): string | undefined {
  const v = p.flags.get(name);
  return v ? v[v.length - 1] : undefined;
}

export function boolFlag(p: ParsedArgs, name: string): boolean {
  const v = flag(p, name);
  return v !== undefined && v !== 'false';
}

/** strconv.ParseBool. */
export function parseGoBool(v: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  return undefined;
}

/** A boolean flag's value (undefined when not given), refused as pflag refuses a value ParseBool does not take. */
export function parseBoolFlag(args: ParsedArgs, name: string): boolean | undefined {
  const v = args.flags.get(name)?.at(-1);
  if (v === undefined) return undefined;
  const b = parseGoBool(v);
  if (b === undefined) throw new CommandError(`invalid argument "${v}" for "--${name}" flag: strconv.ParseBool: parsing ${JSON.stringify(v)}: invalid syntax`);
  return b;
}
