/**
 * Errors a user may see. Handlers turn each into its HTTP status and the
 * `{message, errors}` body; anything else becomes a 500 without internals.
 */

/** An upload sent without a file (000 §4 wording, for every upload). */
export const NO_FILE_SELECTED = "No File was selected for upload";

export class VisibleError extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429,
    message: string,
    public readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A rule of the spec was broken: 400 with the spec's wording. */
export class ValidationError extends VisibleError {
  constructor(message: string, errors: Record<string, string> = {}) {
    super(400, message, errors);
  }
}

export class NotFoundError extends VisibleError {
  constructor(what = "Record") {
    super(404, `${what} not found`);
  }
}

/** Spec: conflict-check failure reads 'An error occurred!'. */
export const EDITED_ELSEWHERE =
  "An error occurred! This record was edited elsewhere since you opened it: reload to see the latest version.";

export class ConflictError extends VisibleError {
  constructor() {
    super(409, EDITED_ELSEWHERE, { last_saved: "This record was edited elsewhere." });
  }
}

/** A write that lost a race to other writes of the same figures, tried again a few times: 409, nothing written, send it again. */
export const BUSY_MESSAGE = "Someone else changed the same figures at the same moment: nothing was saved. Please try again.";

export class BusyError extends VisibleError {
  constructor(message: string = BUSY_MESSAGE) {
    super(409, message);
  }
}

export class UnauthorizedError extends VisibleError {
  constructor(message = "Invalid token.") {
    super(401, message);
  }
}

export class ForbiddenError extends VisibleError {
  constructor(message: string) {
    super(403, message);
  }
}

/** Too many requests from one address (core/platform/rate-limit.ts): 429, and when to try again (the Retry-After header). */
export class TooManyRequestsError extends VisibleError {
  constructor(
    message: string,
    public readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
