// CronJobs (batch validation ValidateCronJobCreate, ValidateCronJobUpdate, validateScheduleFormat,
// validateTimeZone, ValidateJobTemplateSpec).
import type { CronJob } from 'kubernetes-types/batch/v1';
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { CronParseError, parseStandard } from '../../../api/cron/parser.ts';
import { loadLocation } from '../../../api/cron/timezone.ts';
import type { FieldError } from '../../errors.ts';
import { child, invalid, isRecord, nonNegative, notSupported, required, withGoValue } from './field.ts';
import { goLabelSelector } from './gotext.ts';
import { validateJobSpecFields } from './job.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';

type Obj = Record<string, unknown>;

/** A Job's name is the CronJob's plus "-" and ten digits of scheduled minutes: 63 - 11. */
const MAX_CRONJOB_NAME_LENGTH = 52;

function validateScheduleFormat(schedule: string, allowTZInSchedule: boolean, timeZone: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  try {
    parseStandard(schedule);
  } catch (e) {
    if (!(e instanceof CronParseError)) throw e;
    errs.push(invalid(path, schedule, e.message));
  }
  if (allowTZInSchedule && schedule.includes('TZ') && typeof timeZone === 'string') {
    errs.push(invalid(path, schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  } else if (!allowTZInSchedule && schedule.includes('TZ')) {
    errs.push(invalid(path, schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  }
  return errs;
}

/** The IANA naming rules (0-9 and + tolerated for legacy names), then the zone lookup. */
const validTimeZoneCharacters = /^[A-Za-z.\-_0-9+]{1,14}$/;

function validateTimeZone(timeZone: unknown, path: string): FieldError[] {
  if (typeof timeZone !== 'string') return [];
  if (timeZone === '') return [invalid(path, timeZone, 'timeZone must be nil or non-empty string')];
  for (const part of timeZone.split('/')) {
    if (part === '.' || part === '..' || part.startsWith('-') || !validTimeZoneCharacters.test(part)) {
      return [invalid(path, timeZone, `unknown time zone ${timeZone}`)];
    }
  }
  const errs: FieldError[] = [];
  if (timeZone.toLowerCase() === 'local') errs.push(invalid(path, timeZone, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'));
  // time.LoadLocation("Local") succeeds in Go; any other spelling of it is looked up like a name.
  const loc = timeZone === 'Local' ? undefined : loadLocation(timeZone);
  if (loc && 'error' in loc) errs.push(invalid(path, timeZone, loc.error));
  return errs;
}

/** ValidateJobTemplateSpec: the JobSpec rules; the selector is always generated when the Job is made. */
function validateJobTemplateSpec(template: unknown, path: string): FieldError[] {
  const t = isRecord(template) ? template : {};
  const spec = isRecord(t.spec) ? t.spec : {};
  const specPath = child(path, 'spec');
  const errs = validateJobSpecFields(spec, specPath);
  if (isRecord(spec.selector)) errs.push(withGoValue('Invalid', child(specPath, 'selector'), goLabelSelector(spec.selector as LabelSelector), '`selector` will be auto-generated'));
  if (spec.manualSelector === true) errs.push(notSupported(child(specPath, 'manualSelector'), true, ['nil', 'false']));
  return errs;
}

function validateCronJobSpec(specIn: unknown, oldSpecIn: unknown): FieldError[] {
  const spec = isRecord(specIn) ? specIn : {};
  const oldSpec: Obj | undefined = isRecord(oldSpecIn) ? oldSpecIn : undefined;
  const errs: FieldError[] = [];
  const schedule = typeof spec.schedule === 'string' ? spec.schedule : '';
  if (schedule === '') errs.push(required('spec.schedule'));
  else {
    const allowTZ = typeof oldSpec?.schedule === 'string' && oldSpec.schedule.includes('TZ');
    errs.push(...validateScheduleFormat(schedule, allowTZ, spec.timeZone, 'spec.schedule'));
  }
  errs.push(...nonNegative(spec.startingDeadlineSeconds, 'spec.startingDeadlineSeconds'));
  if (!oldSpec || oldSpec.timeZone !== spec.timeZone) errs.push(...validateTimeZone(spec.timeZone, 'spec.timeZone'));
  const policy = spec.concurrencyPolicy;
  if (policy === undefined || policy === null || policy === '') errs.push(required('spec.concurrencyPolicy'));
  else if (!['Allow', 'Forbid', 'Replace'].includes(policy as string)) errs.push(notSupported('spec.concurrencyPolicy', policy, ['Allow', 'Forbid', 'Replace']));
  errs.push(...validateJobTemplateSpec(spec.jobTemplate, 'spec.jobTemplate'));
  errs.push(...nonNegative(spec.successfulJobsHistoryLimit, 'spec.successfulJobsHistoryLimit'));
  errs.push(...nonNegative(spec.failedJobsHistoryLimit, 'spec.failedJobsHistoryLimit'));
  return errs;
}

export function validateCronJob(cj: CronJob): FieldError[] {
  const errs = [...validateObjectMeta(cj.metadata, nameIsDNSSubdomain), ...validateCronJobSpec(cj.spec, undefined)];
  const name = cj.metadata?.name ?? '';
  if (name.length > MAX_CRONJOB_NAME_LENGTH) errs.push(invalid('metadata.name', name, `must be no more than ${MAX_CRONJOB_NAME_LENGTH} characters`));
  return errs;
}

/** On update the name length is not checked again, so that old long-named CronJobs can still change. */
export function validateCronJobUpdate(cj: CronJob, old: CronJob): FieldError[] {
  return [...validateObjectMetaUpdate(cj.metadata, old.metadata), ...validateCronJobSpec(cj.spec, old.spec)];
}
