// sim operator list|install|uninstall: the built-in operators (src/engine/operators), and the scheduler profile
// the training operator's gang-scheduled pods use.
import { CommandError } from '../kubectl/context.ts';
import { TABLE_TABWRITER, tabwrite } from '../kubectl/printers/tabwriter.ts';
import type { KubeSchedulerConfiguration, ProfileConfig } from '../scheduler/config.ts';

export const OPERATOR_USAGE = '  sim operator list | install NAME | uninstall NAME   (built-in operators: training, serving, kueue, ray, istio, argocd, envoy-gateway)';

export interface OperatorControl {
  list(): { name: string; description: string; installed: boolean; crds: string[] }[];
  install(name: string): void;
  uninstall(name: string): void;
}

export function operatorCommand(ops: OperatorControl, argv: string[], out: string[]): void {
  const [verb, name] = argv;
  switch (verb) {
    case 'list': case 'ls': case undefined: {
      const rows = ['NAME\tINSTALLED\tCRDS\tDESCRIPTION', ...ops.list().map((o) => `${o.name}\t${o.installed}\t${o.crds.join(',')}\t${o.description}`)];
      out.push(tabwrite(rows.join('\n') + '\n', TABLE_TABWRITER).trimEnd());
      return;
    }
    case 'install': case 'uninstall':
      if (!name) throw new CommandError(`usage: sim operator ${verb} NAME`);
      try {
        if (verb === 'install') ops.install(name); else ops.uninstall(name);
      } catch (e) {
        throw new CommandError((e as Error).message);
      }
      out.push(`operator/${name} ${verb}ed`);
      return;
    default:
      throw new CommandError(`unknown command "operator ${verb}" for "sim": expected list, install or uninstall`);
  }
}

/**
 * The configuration with a profile of this name that gang-schedules through Coscheduling (scheduler-plugins'
 * sample configuration, as a second profile of the one scheduler), or undefined when it has one already. Every
 * profile must share one queue sort, so all of them sort with Coscheduling (ungrouped pods keep priority order).
 */
export function withCoschedulingProfile(cfg: KubeSchedulerConfiguration, schedulerName: string): KubeSchedulerConfiguration | undefined {
  if (cfg.profiles?.some((p) => p.schedulerName === schedulerName)) return undefined;
  const queueSort = { enabled: [{ name: 'Coscheduling' }], disabled: [{ name: '*' }] };
  const profiles: ProfileConfig[] = (cfg.profiles ?? [{ schedulerName: 'default-scheduler' }]).map((p) => ({ ...p, plugins: { ...p.plugins, queueSort } }));
  profiles.push({ schedulerName, plugins: { multiPoint: { enabled: [{ name: 'Coscheduling' }] }, queueSort } });
  return { ...cfg, profiles };
}
