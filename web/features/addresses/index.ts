/**
 * What other features and the app may import from the addresses feature; the rest of this folder is
 * private to it. Its page is not here: the router lazy-loads it from pages/ (app/router.tsx).
 */
export { SavedAddressList } from './components/saved-address-list';
export { useSaveAddress } from './hooks/use-save-address';
export { useSavedAddresses } from './hooks/use-saved-addresses';
export { AddressCheckPanel } from './components/address-check-panel';
export { addressesKey, checkAddresses, type AddressCheckOutcome, type AddressFinding } from './lib/check-addresses';
export { addressFieldNames, emptyAddress } from './lib/address-values';
