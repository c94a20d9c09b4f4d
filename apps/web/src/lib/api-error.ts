/** A reply from the server that was not a success, with the fields of its error body. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** The server's message: the text meant for the person at the console. */
  readonly serverMessage: string | undefined;
  /** The server's error field: the short name of the failure. */
  readonly serverError: string | undefined;

  constructor(status: number, body: { message?: string; error?: string }) {
    super(body.message || body.error || `Request failed with status ${status}`);
    this.status = status;
    this.serverMessage = body.message || undefined;
    this.serverError = body.error || undefined;
  }
}

/** The server could not be reached at all. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}
