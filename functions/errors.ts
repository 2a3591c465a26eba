/**
 * Errors the code throws on purpose. Data-layer code throws the domain errors (NotFound, Conflict,
 * InsufficientBalance, ...); handlers may throw HttpError directly. Only the handler factory turns
 * them into responses (functions/http/handler.ts). Anything else becomes a plain 500.
 */

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends HttpError {
  constructor(message = 'Bad request', fields?: Record<string, string>) {
    super(400, message, fields);
  }
}
export class Unauthorized extends HttpError {
  constructor(message = 'Please sign in') {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'You do not have access to this') {
    super(403, message);
  }
}

/** Domain errors: what went wrong in the business sense; the factory knows their status codes. */
export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
/** The request is well-formed but cannot be honoured as asked (an expired code, a used link). */
export class InvalidRequest extends DomainError {}
export class NotFound extends DomainError {}
export class Conflict extends DomainError {
  constructor(
    message: string,
    /** When trying again later can succeed (work still under way): the `Retry-After` seconds to answer. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
/**
 * A purchase whose quote expired or no longer matches its form (409): the fresh quote goes with the
 * answer, and the new price of the row asked for when it is still offered.
 */
export class QuoteChanged extends DomainError {
  constructor(
    message: string,
    readonly quote: unknown,
    readonly priceCents: number | undefined,
  ) {
    super(message);
  }
}
/**
 * A batch purchase whose rows were quoted again (their quotes had expired) and came back at another
 * price or no longer available (409): nothing was charged, and the batch goes with the answer as it
 * is now stored, for the shipper to confirm its new total.
 */
export class BatchRepriced extends DomainError {
  constructor(
    message: string,
    readonly batch: unknown,
  ) {
    super(message);
  }
}
export class InsufficientBalance extends DomainError {
  constructor(
    message = 'Insufficient balance',
    /** What a card would pay for the purchase to go through; answered as `shortfallCents`. */
    readonly shortfallCents?: number,
  ) {
    super(message);
  }
}
export class TooManyAttempts extends DomainError {
  constructor(
    message: string,
    /** When the caller may try again: the `Retry-After` seconds to answer. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * An outside service (payments, labels, tracking, captcha) could not be reached or refused us. The
 * caller sees only which service and that they may retry; `detail` goes to the logs.
 */
export class ProviderUnavailable extends DomainError {
  constructor(
    readonly provider: string,
    readonly detail: string,
  ) {
    super(`${provider} is not answering right now. Please try again in a moment.`);
  }
}

/**
 * The card provider refused a refund for good (Stripe's 4xx card or request error: a disputed charge,
 * one already refunded, one too old): asking again gets the same answer, unlike ProviderUnavailable.
 */
export class RefundRefused extends DomainError {
  constructor(
    readonly provider: string,
    /** The provider's reason in a few words (its error code, or its message), shown to the admin. */
    readonly reason: string,
    readonly detail: string,
  ) {
    super(`${provider} refused the refund: ${reason}`);
  }
}

type DomainErrorClass = new (...args: never[]) => DomainError;

const domainStatus = new Map<DomainErrorClass, number>([
  [InvalidRequest, 400],
  [NotFound, 404],
  [Conflict, 409],
  [QuoteChanged, 409],
  [BatchRepriced, 409],
  [InsufficientBalance, 402],
  [TooManyAttempts, 429],
  [ProviderUnavailable, 502],
  [RefundRefused, 409],
]);

/** Status code, public message and headers of an error, or undefined when it must stay a hidden 500. */
export function exposedError(
  err: unknown,
): { statusCode: number; message: string; fields?: Record<string, string>; headers?: Record<string, string>; extra?: Record<string, unknown> } | undefined {
  if (err instanceof HttpError) return { statusCode: err.statusCode, message: err.message, fields: err.fields };
  if (err instanceof DomainError) {
    const statusCode = domainStatus.get(err.constructor as DomainErrorClass);
    const seconds = err instanceof Conflict || err instanceof TooManyAttempts ? err.retryAfterSeconds : undefined;
    const retryAfter = seconds !== undefined ? { 'retry-after': String(seconds) } : undefined;
    let extra: Record<string, unknown> | undefined;
    if (err instanceof InsufficientBalance && err.shortfallCents !== undefined) extra = { shortfallCents: err.shortfallCents };
    if (err instanceof QuoteChanged) extra = { ...(err.priceCents !== undefined ? { priceCents: err.priceCents } : {}), quote: err.quote };
    if (err instanceof BatchRepriced) extra = { batch: err.batch };
    if (statusCode) return { statusCode, message: err.message, headers: retryAfter, extra };
  }
  return undefined;
}
