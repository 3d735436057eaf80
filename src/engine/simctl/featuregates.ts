// sim featuregates [list] | set NAME=BOOL[,NAME=BOOL…]: the cluster's feature gates (api/featuregates.ts).
import { FeatureGateError, KNOWN_FEATURES, type FeatureGates } from '../api/featuregates.ts';
import { CommandError } from '../kubectl/context.ts';
import { TABLE_TABWRITER, tabwrite } from '../kubectl/printers/tabwriter.ts';

export const FEATUREGATES_USAGE = '  sim featuregates [list] | set NAME=true|false[,...]   (the cluster\'s feature gates, e.g. DynamicResourceAllocation)';

export function featureGatesCommand(gates: FeatureGates, argv: string[], out: string[]): void {
  const [verb, arg, ...extra] = argv;
  switch (verb) {
    case undefined: case 'list': case 'ls': {
      const rows = ['NAME\tSTAGE\tDEFAULT\tENABLED', ...Object.entries(KNOWN_FEATURES).map(([name, f]) => `${name}\t${f.preRelease}\t${f.default}\t${gates.enabled(name)}`)];
      out.push(tabwrite(rows.join('\n') + '\n', TABLE_TABWRITER).trimEnd());
      return;
    }
    case 'set':
      if (!arg || extra.length) throw new CommandError('usage: sim featuregates set NAME=true|false[,NAME=true|false...]');
      try {
        gates.set(arg);
      } catch (e) {
        if (e instanceof FeatureGateError) throw new CommandError(`invalid argument "${arg}" for "--feature-gates" flag: ${e.message}`);
        throw e;
      }
      out.push(Object.keys(KNOWN_FEATURES).filter((n) => arg.includes(n)).map((n) => `feature gate ${n}=${gates.enabled(n)}`).join('\n'));
      return;
    default:
      throw new CommandError(`unknown command "featuregates ${verb}" for "sim": expected list or set`);
  }
}
