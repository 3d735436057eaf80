// `sim scheduler config [-f FILE|-]`: show or load the KubeSchedulerConfiguration. A bad configuration is
// refused with the reason and the running one is kept.
import { parse as parseYaml } from 'yaml';
import { CommandError } from '../kubectl/context.ts';
import { flag, parseFlags } from '../kubectl/flags.ts';
import { toYaml } from '../kubectl/printers/index.ts';
import type { KubeSchedulerConfiguration } from '../scheduler/config.ts';
import { ConfigError } from '../scheduler/config.ts';
import type { SimHost, SimInput } from './host.ts';

export function schedulerCommand(host: SimHost, args: string[], out: string[], input: SimInput): void {
  const [verb, ...rest] = args;
  if (verb !== 'config') throw new CommandError('usage: sim scheduler config [-f FILE|-]');
  const p = parseFlags(rest, [{ name: 'filename', short: 'f', value: true }]);
  const file = flag(p, 'filename');
  if (file === undefined) {
    out.push(toYaml(host.schedulerConfiguration()).replace(/\n$/, ''));
    return;
  }
  const text = file === '-' ? input.stdin : input.files.get(file);
  if (text === undefined) throw new CommandError(file === '-' ? 'no configuration on standard input' : `the path "${file}" does not exist`);
  let cfg: KubeSchedulerConfiguration;
  try {
    cfg = parseYaml(text) as KubeSchedulerConfiguration;
  } catch (e) {
    throw new CommandError(`couldn't decode the scheduler configuration: ${(e as Error).message.split('\n')[0]}`);
  }
  try {
    host.setSchedulerConfiguration(cfg);
  } catch (e) {
    if (e instanceof ConfigError) throw new CommandError(`invalid scheduler configuration, keeping the running one: ${e.message}`);
    throw e;
  }
  out.push(`scheduler configuration loaded: profiles ${host.schedulerProfiles().join(', ')}`);
}
