import type { SavedPackage } from '@domain/api/packages';

/** "2 lb, 10 × 6 × 4 in": a package's weight, then length, width and height. */
export const packageFigures = (p: Pick<SavedPackage, 'weight' | 'length' | 'width' | 'height'>): string =>
  `${p.weight} lb, ${p.length} × ${p.width} × ${p.height} in`;
