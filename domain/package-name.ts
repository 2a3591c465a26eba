/**
 * A saved package's name: how long it may be and how two names are compared. Apart from the body
 * schema (./schemas/packages.ts) so that the body-less package routes and the batch columns bundle no zod.
 */

/** The longest package name: what the dialog's select and a batch's `package` cell show. */
export const PACKAGE_NAME_MAX = 50;

/** How two package names are compared (unique per shipper, matched by a batch's `package` cell): trimmed, case ignored. */
export const packageNameKey = (name: string): string => name.trim().toLowerCase();
