// Containers of a pod spec (core validation validateContainers, validateInitContainers, validateContainerCommon,
// ports, env, volume mounts and probes).
import { isDNS1123Label } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { asArray, asString, child, duplicate, forbidden, index, invalid, isRecord, nonNegative, notSupported, required } from './field.ts';
import { validateResourceRequirements } from './resources.ts';

type Obj = Record<string, unknown>;

export function validateDNS1123Label(value: string, path: string): FieldError[] {
  return isDNS1123Label(value).map((msg) => invalid(path, value, msg));
}

/** IsValidPortNum. */
function portNumErrors(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];
}

/** IsValidPortName (an IANA_SVC_NAME). */
export function portNameErrors(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 15) errs.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(name)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (name.length > 0 && (name.startsWith('-') || name.endsWith('-'))) errs.push('must not begin or end with a hyphen');
  return errs;
}

function validatePorts(ports: Obj[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const p = index(path, i);
    const name = asString(port?.name);
    if (name) {
      const msgs = portNameErrors(name);
      if (msgs.length) for (const msg of msgs) errs.push(invalid(child(p, 'name'), name, msg));
      else if (names.has(name)) errs.push(duplicate(child(p, 'name'), name));
      else names.add(name);
    }
    const containerPort = typeof port?.containerPort === 'number' ? port.containerPort : 0;
    if (containerPort === 0) errs.push(required(child(p, 'containerPort')));
    else for (const msg of portNumErrors(containerPort)) errs.push(invalid(child(p, 'containerPort'), containerPort, msg));
    const hostPort = typeof port?.hostPort === 'number' ? port.hostPort : 0;
    if (hostPort !== 0) for (const msg of portNumErrors(hostPort)) errs.push(invalid(child(p, 'hostPort'), hostPort, msg));
    const protocol = asString(port?.protocol);
    if (!protocol) errs.push(required(child(p, 'protocol')));
    else if (!['SCTP', 'TCP', 'UDP'].includes(protocol)) errs.push(notSupported(child(p, 'protocol'), protocol, ['SCTP', 'TCP', 'UDP']));
  });
  return errs;
}

function validateEnv(env: Obj[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  env.forEach((e, i) => {
    const p = child(index(path, i), 'name');
    const name = asString(e?.name);
    if (!name) errs.push(required(p));
    // RelaxedEnvironmentVariableValidation (on by default since 1.32): printable ASCII except '='.
    else if (!/^[\x20-\x7e]+$/.test(name) || name.includes('=')) {
      errs.push(invalid(p, name, "a valid environment variable name must consist only of printable ASCII characters other than '='"));
    }
  });
  return errs;
}

function validateVolumeMounts(mounts: Obj[], volumes: Set<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const mountPoints = new Set<string>();
  mounts.forEach((m, i) => {
    const p = index(path, i);
    const name = asString(m?.name);
    const mountPath = asString(m?.mountPath);
    if (!name) errs.push(required(child(p, 'name')));
    if (!volumes.has(name)) errs.push({ type: 'NotFound', field: child(p, 'name'), value: name });
    if (!mountPath) errs.push(required(child(p, 'mountPath')));
    if (mountPoints.has(mountPath)) errs.push(invalid(child(p, 'mountPath'), mountPath, 'must be unique'));
    mountPoints.add(mountPath);
  });
  return errs;
}

function validatePortNumOrName(port: unknown, path: string): FieldError[] {
  if (typeof port === 'number') return portNumErrors(port).map((msg) => invalid(path, port, msg));
  if (typeof port === 'string') return portNameErrors(port).map((msg) => invalid(path, port, msg));
  return [invalid(path, port ?? null, 'must contain an int or string')];
}

/** validateHandler for probes: exactly one of exec, httpGet, tcpSocket, grpc. */
function validateProbeHandler(probe: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let handlers = 0;
  for (const kind of ['exec', 'httpGet', 'tcpSocket', 'grpc']) {
    const h = probe[kind];
    if (!isRecord(h)) continue;
    const p = child(path, kind);
    if (handlers > 0) {
      errs.push(forbidden(p, 'may not specify more than 1 handler type'));
      continue;
    }
    handlers++;
    if (kind === 'exec' && asArray(h.command).length === 0) errs.push(required(child(p, 'command')));
    if (kind === 'httpGet') {
      if (!asString(h.path)) errs.push(required(child(p, 'path')));
      errs.push(...validatePortNumOrName(h.port, child(p, 'port')));
      const scheme = asString(h.scheme);
      if (!['HTTP', 'HTTPS'].includes(scheme)) errs.push(notSupported(child(p, 'scheme'), scheme, ['HTTP', 'HTTPS']));
    }
    if (kind === 'tcpSocket') errs.push(...validatePortNumOrName(h.port, child(p, 'port')));
    if (kind === 'grpc') {
      const port = typeof h.port === 'number' ? h.port : 0;
      for (const msg of portNumErrors(port)) errs.push(invalid(child(p, 'port'), port, msg));
    }
  }
  if (handlers === 0) errs.push(required(path, 'must specify a handler type'));
  return errs;
}

function validateProbe(probe: Obj, path: string): FieldError[] {
  const errs = validateProbeHandler(probe, path);
  for (const f of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold']) {
    errs.push(...nonNegative(probe[f], child(path, f)));
  }
  const tgps = probe.terminationGracePeriodSeconds;
  if (typeof tgps === 'number' && tgps <= 0) errs.push(invalid(child(path, 'terminationGracePeriodSeconds'), tgps, 'must be greater than 0'));
  return errs;
}

/** validateContainerCommon: what regular, init and ephemeral containers share. */
export function validateContainerCommon(c: Obj, volumes: Set<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = asString(c.name);
  if (!name) errs.push(required(child(path, 'name')));
  else errs.push(...validateDNS1123Label(name, child(path, 'name')));
  if (!asString(c.image)) errs.push(required(child(path, 'image')));
  const tmp = asString(c.terminationMessagePolicy);
  if (!tmp) errs.push(required(child(path, 'terminationMessagePolicy')));
  else if (tmp !== 'File' && tmp !== 'FallbackToLogsOnError') {
    errs.push(notSupported(child(path, 'terminationMessagePolicy'), tmp, ['File', 'FallbackToLogsOnError']));
  }
  errs.push(...validatePorts(asArray<Obj>(c.ports), child(path, 'ports')));
  errs.push(...validateEnv(asArray<Obj>(c.env), child(path, 'env')));
  errs.push(...validateVolumeMounts(asArray<Obj>(c.volumeMounts), volumes, child(path, 'volumeMounts')));
  const pull = asString(c.imagePullPolicy);
  if (!pull) errs.push(required(child(path, 'imagePullPolicy')));
  else if (!['Always', 'IfNotPresent', 'Never'].includes(pull)) errs.push(notSupported(child(path, 'imagePullPolicy'), pull, ['Always', 'IfNotPresent', 'Never']));
  errs.push(...validateResourceRequirements(c.resources, child(path, 'resources')));
  return errs;
}

function validateLifecycleProbes(c: Obj, path: string, isInit: boolean): FieldError[] {
  const errs: FieldError[] = [];
  for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
    const p = c[probe];
    if (!isRecord(p)) continue;
    if (isInit && c.restartPolicy !== 'Always') {
      errs.push(forbidden(child(path, probe), 'may not be set for init containers without restartPolicy=Always'));
      continue;
    }
    errs.push(...validateProbe(p, child(path, probe)));
    if (probe !== 'readinessProbe' && typeof p.successThreshold === 'number' && p.successThreshold !== 1) {
      errs.push(invalid(child(path, probe, 'successThreshold'), p.successThreshold, 'must be 1'));
    }
  }
  return errs;
}

/** validateContainers: the app containers (at least one, unique names, unique host ports across them). */
export function validateContainers(containers: unknown, volumes: Set<string>, path: string): FieldError[] {
  const list = asArray<Obj>(containers);
  const errs: FieldError[] = [];
  if (list.length === 0) errs.push(required(path));
  const names = new Set<string>();
  list.forEach((raw, i) => {
    const c = isRecord(raw) ? raw : {};
    const p = index(path, i);
    errs.push(...validateContainerCommon(c, volumes, p));
    const name = asString(c.name);
    if (names.has(name)) errs.push(duplicate(child(p, 'name'), name));
    else names.add(name);
    errs.push(...validateLifecycleProbes(c, p, false));
    if (c.restartPolicy !== undefined) errs.push(forbidden(child(p, 'restartPolicy'), 'may not be set for non-init containers'));
  });
  errs.push(...uniqueHostPorts(list, path, new Set()));
  return errs;
}

/** validateInitContainers: names unique across init and app containers; probes only for sidecars. */
export function validateInitContainers(initContainers: unknown, containers: unknown, volumes: Set<string>, path: string): FieldError[] {
  const list = asArray<Obj>(initContainers);
  const errs: FieldError[] = [];
  const names = new Set(asArray<Obj>(containers).map((c) => asString(c?.name)));
  list.forEach((raw, i) => {
    const c = isRecord(raw) ? raw : {};
    const p = index(path, i);
    errs.push(...validateContainerCommon(c, volumes, p));
    const name = asString(c.name);
    if (names.has(name)) errs.push(duplicate(child(p, 'name'), name));
    else names.add(name);
    if (c.restartPolicy !== undefined && c.restartPolicy !== 'Always') {
      errs.push(notSupported(child(p, 'restartPolicy'), c.restartPolicy, ['Always']));
    }
    errs.push(...validateLifecycleProbes(c, p, true));
  });
  errs.push(...uniqueHostPorts(list, path, new Set()));
  return errs;
}

/** AccumulateUniqueHostPorts: "TCP//8080" may appear once. */
function uniqueHostPorts(containers: Obj[], path: string, seen: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  containers.forEach((c, ci) => {
    asArray<Obj>(c?.ports).forEach((port, pi) => {
      const hostPort = typeof port?.hostPort === 'number' ? port.hostPort : 0;
      if (hostPort === 0) return;
      const id = `${asString(port.protocol)}/${asString(port.hostIP)}/${hostPort}`;
      if (seen.has(id)) errs.push(duplicate(child(index(child(index(path, ci), 'ports'), pi), 'hostPort'), id));
      else seen.add(id);
    });
  });
  return errs;
}

/** validateContainersOnlyForPod: a pod (not a template) may not pad its image names. */
export function validateContainersOnlyForPod(containers: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  asArray<Obj>(containers).forEach((c, i) => {
    const image = asString(c?.image);
    if (image.length !== image.trim().length) errs.push(invalid(child(index(path, i), 'image'), image, 'must not have leading or trailing whitespace'));
  });
  return errs;
}
