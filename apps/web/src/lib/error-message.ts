import { ApiError, NetworkError } from './api-error.ts';

export const GENERIC_ERROR = 'Something went wrong';
const UNREACHABLE = 'Cannot reach the server. Check the network connection.';

/**
 * The text to show for a failed call: the server's message, else its error field, else the
 * caller's fallback, else a generic text.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    return error.serverMessage || error.serverError || fallback || GENERIC_ERROR;
  }
  if (error instanceof NetworkError) return fallback || UNREACHABLE;
  return fallback || GENERIC_ERROR;
}
