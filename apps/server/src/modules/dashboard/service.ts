import type { Metadata } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { contactSummary } from '../contacts/index.ts';
import * as q from './queries.ts';

export function dashboardService({ db }: AppContext) {
  return {
    /** The vendor summary of spec §3, computed on each call (a handful of indexed counts). */
    async metadata(vendorId: number): Promise<Metadata> {
      const [vendor, counts, subAccounts, missing] = await Promise.all([
        q.vendorById(db, vendorId),
        q.siteCountsByStatus(db, vendorId),
        q.subAccountCount(db, vendorId),
        q.missingDocumentCounts(db, vendorId),
      ]);
      if (!vendor) throw new NotFoundError();
      const contacts = await contactSummary(db, vendor);
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
        technicalContact: contacts.technicalContact,
        billingContact: contacts.billingContact,
        feedType: vendor.feedType,
        missingDocs: missing.missingDocs,
        missingSiteDocs: missing.missingSiteDocs,
        missingContactTypes: contacts.missingContactTypes,
        reciprocalAllowed: vendor.reciprocalAllowed,
        permissionAudit: vendor.permissionAudit,
        isConsumer: vendor.isConsumer,
        isProvider: vendor.isProvider,
      };
    },
  };
}
