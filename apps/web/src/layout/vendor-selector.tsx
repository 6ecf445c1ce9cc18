import { truncateLicensee, VENDOR_TOAST_MS, type LinkedAccount } from '@vp/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { useLinkedAccounts } from '../features/profile/index.ts';
import { setVendor, useSettings } from '../lib/settings.ts';
import { toast } from '../lib/toast.ts';

/** The account shown as selected: the stored choice while it is still active, else the primary. */
export function selectedAccount(
  active: readonly LinkedAccount[],
  stored: number | null,
): LinkedAccount | undefined {
  return active.find((a) => a.rowKey === stored) ?? active.find((a) => a.isPrimary) ?? active[0];
}

/**
 * Linked-vendor selector (spec §2 Layout): only when more than one linked account is active. The
 * navbar hides it on mobile; there it sits, labelled, in the Settings drawer instead.
 */
export function VendorSelector({ labelled = false }: { labelled?: boolean }) {
  const accounts = useLinkedAccounts();
  const { vendor } = useSettings();
  const queryClient = useQueryClient();
  const active = (accounts.data ?? []).filter((a) => a.status);
  const current = selectedAccount(active, vendor);

  // A stored choice that is no longer linked and active would make every call fail with 403.
  const stale = accounts.isSuccess && vendor !== null && !active.some((a) => a.rowKey === vendor);
  useEffect(() => {
    if (stale) setVendor(null);
  }, [stale]);

  if (active.length <= 1 || !current) return null;

  function onChange(id: number) {
    const account = active.find((a) => a.rowKey === id);
    if (!account) return;
    setVendor(id);
    void toast('success', `Selected vendor: ${account.licensee}`, VENDOR_TOAST_MS);
    // Everything on screen belongs to the previous vendor now.
    void queryClient.invalidateQueries();
  }

  const select = (
    <Select<number>
      id={labelled ? 'vp-vendor' : undefined}
      className={labelled ? 'vp-vendor-select-block' : 'vp-vendor-select'}
      data-testid="vendor-selector"
      aria-label="Vendor account"
      value={current.rowKey}
      onChange={onChange}
      popupMatchSelectWidth={false}
      options={active.map((a) => ({
        value: a.rowKey,
        label: <span title={a.licensee}>{truncateLicensee(a.licensee)}</span>,
      }))}
    />
  );
  return labelled ? (
    <Form.Item label="Vendor account" htmlFor="vp-vendor">
      {select}
    </Form.Item>
  ) : (
    select
  );
}
