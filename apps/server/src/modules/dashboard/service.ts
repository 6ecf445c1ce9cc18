import type { Metadata } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import * as q from './queries.ts';

export function dashboardService({ db }: AppContext) {
  return {
    /** The vendor summary of spec §3, computed on each call (a handful of indexed counts). */
    async metadata(vendorId: number): Promise<Metadata> {
      const [vendor, counts, subAccounts] = await Promise.all([
        q.vendorById(db, vendorId),
        q.siteCountsByStatus(db, vendorId),
        q.subAccountCount(db, vendorId),
      ]);
      if (!vendor) throw new NotFoundError();
      const n = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
      return {
        totalSites: counts.reduce((sum, c) => sum + c.n, 0),
        sitesActive: n('Active'),
        sitesInactive: n('Inactive'),
        sitesPendingActivation: n('Pending Activation'),
        sitesPendingTermination: n('Pending Termination'),
        subAccounts,
        vendorCode: vendor.code,
        vendorType: vendor.type,
        vendorName: vendor.name,
        technicalContact: vendor.technicalContact,
        billingContact: vendor.billingContact,
        feedType: vendor.feedType,
        // Documents arrive in a later release; until then nothing can be missing.
        missingDocs: 0,
        missingSiteDocs: 0,
        reciprocalAllowed: vendor.reciprocalAllowed,
        permissionAudit: vendor.permissionAudit,
        isConsumer: vendor.isConsumer,
        isProvider: vendor.isProvider,
      };
    },
  };
}
