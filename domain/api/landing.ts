/** GET /api/counter: labels made so far (the landing page's counter). */
export interface LabelsCounter {
  count: number;
}
