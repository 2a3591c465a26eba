/**
 * Blob keys are ours (e.g. `labels/<userId>/<shipOrderId>.pdf`), never a user's text, but both stores check
 * them anyway: a key that could climb out of LABEL_DIR or surprise S3 is a bug to stop early.
 */

/** Letters, digits, `/`, `_`, `.`, `-`; no `..`, no empty or `.` segment, no leading or trailing `/`. */
const KEY_PATTERN = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;
const MAX_KEY_LENGTH = 512;

export function isValidBlobKey(key: unknown): key is string {
  return (
    typeof key === 'string' &&
    key.length <= MAX_KEY_LENGTH &&
    KEY_PATTERN.test(key) &&
    !key.split('/').some((segment) => segment === '.' || segment === '..' || segment.includes('..'))
  );
}

/** Throws a plain Error (a bug, so a 500) for a key that isValidBlobKey refuses. */
export function assertBlobKey(key: unknown): asserts key is string {
  if (!isValidBlobKey(key)) throw new Error(`Refusing blob key ${JSON.stringify(String(key).slice(0, 80))}`);
}
