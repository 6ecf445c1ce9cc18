/** The signed-in user's profile and linked vendor accounts. */
export {
  fetchProfile,
  profileQuery,
  useAccountTheme,
  useLinkedAccounts,
  useProfile,
  useSaveTheme,
} from './api.ts';
export { selectedAccount, useActiveAccounts, useSwitchVendor } from './switch-vendor.ts';
