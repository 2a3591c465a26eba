/**
 * Batch Labels: upload a CSV of labels, preview, fix or drop rows, buy them all and
 * download the merged PDF and the result CSV. No other feature uses it yet; its pages are not here:
 * the router lazy-loads them from pages/ (app/router.tsx).
 */
export { summarizeBatch, batchProgress } from './lib/batch-figures';
