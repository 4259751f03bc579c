/** The longest a challenge fetch may take before the lead goes without a proof. */
export const CHALLENGE_TIMEOUT_MS = 10_000;

/**
 * The longest the solver searches before it gives up and the lead goes without a proof (the
 * server decides). It normally finishes while the visitor is still typing.
 */
export const SOLVE_TIMEOUT_MS = 60_000;

/** How much longer than the solver a worker is given to answer before it counts as lost. */
export const WORKER_GRACE_MS = 5_000;

/**
 * A proof with less time than this before its challenge expires is replaced rather than sent:
 * a send may take a while (a 503 is tried once more after its Retry-After), and the server
 * refuses a proof that expired on the way.
 */
export const EXPIRY_MARGIN_MS = 30_000;
