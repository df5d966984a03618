/** Failures a service reports; the HTTP layer maps each kind to a status. */
export type FailureKind =
  | "invalid" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "rate_limited" | "too_large"
  /** A service the server depends on (the o2o upstream) failed, timed out or answered nonsense. */
  | "bad_gateway";

export class ServiceError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly extra: { retryAfterSeconds?: number; field?: string } = {},
  ) {
    super(message);
  }
}
