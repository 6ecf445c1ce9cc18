/** API keys: the vendor's keys (Tools → API keys) and a vendor's keys in the MLS console. */
export { VendorApiKeys } from './components/vendor-api-keys.tsx';
