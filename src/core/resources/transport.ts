/** The API client pieces the resource controllers use (one import site for tests to read). */
import { ApiError, request, requestPage, requestRaw, toApiError } from '../api';
import { notifyHttpError } from '../notices';

export { ApiError, request, requestPage, requestRaw, toApiError };

/** Shows the usual notice for a failure the caller asked to keep silent (not for aborts). */
export function notifyHttpErrorSafe(error: unknown): void {
  const apiError = toApiError(error);
  if (!apiError.aborted) notifyHttpError(apiError);
}
