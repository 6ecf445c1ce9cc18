import { VENDOR_TOAST_MS, type LinkedAccount } from '@vp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLinkedAccounts } from './api.ts';
import { setVendor, useSettings } from '../../lib/settings.ts';
import { toast } from '../../lib/toast.ts';

/** The account shown as selected: the stored choice while it is still active, else the primary. */
export function selectedAccount(
  active: readonly LinkedAccount[],
  stored: number | null,
): LinkedAccount | undefined {
  return active.find((a) => a.rowKey === stored) ?? active.find((a) => a.isPrimary) ?? active[0];
}

/** The user's active linked accounts and the one in use, with the query they come from. */
export function useActiveAccounts(enabled = true) {
  const accounts = useLinkedAccounts(enabled);
  const { vendor } = useSettings();
  const active = (accounts.data ?? []).filter((a) => a.status);
  return { accounts, active, current: selectedAccount(active, vendor) };
}

/**
 * Acting for another linked account: the choice is stored, the user is told which one, and
 * everything on screen, which belonged to the previous account, is read again.
 */
export function useSwitchVendor(): (account: LinkedAccount) => void {
  const queryClient = useQueryClient();
  return (account) => {
    setVendor(account.rowKey);
    void toast('success', `Selected vendor: ${account.licensee}`, VENDOR_TOAST_MS);
    void queryClient.invalidateQueries();
  };
}
