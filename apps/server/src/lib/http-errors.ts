/**
 * Errors a business rule throws. Each carries its HTTP status and a message meant for the
 * person at the console; the error handler passes 4xx messages through and hides 5xx details.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  /** The reply's error field when the status's own name does not say enough. */
  readonly errorName: string | undefined;

  constructor(statusCode: number, message: string, errorName?: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errorName = errorName;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in again.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const unavailable = (message: string) => new HttpError(503, message);
