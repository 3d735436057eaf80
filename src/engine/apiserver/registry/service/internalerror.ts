// apierrors.NewInternalError: 500 "Internal error occurred: …", what a full allocator range answers.
import { StatusError } from '../../errors.ts';

export function internalError(message: string): StatusError {
  return new StatusError({ reason: 'InternalError', code: 500, message: `Internal error occurred: ${message}`, details: { causes: [{ reason: '', message, field: '' }] } });
}
