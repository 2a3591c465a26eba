/** Saved addresses (docs/api.md, Addresses): stored and answered in the same shape. */
import type { Address } from '../schemas/addresses';

export interface SavedAddress extends Address {
  id: string;
  createdAt: string;
}
