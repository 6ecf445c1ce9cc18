import type { Metadata } from '@vp/contract';
import type { AppContext } from '../../context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { contactFacts, contactSummary } from '../contacts/index.ts';
import * as q from './queries.ts';

export function dashboardService({ db }: AppContext) {
  return {
    /** The vendor summary of spec §3, computed on each call: four statements, side by side. */
    async metadata(vendorId: number): Promise<Metadata> {
      const [vendor, figures, contactsOf] = await Promise.all([
        q.vendorById(db, vendorId),
        q.siteFigures(db, vendorId),
        contactFacts(db, vendorId),
      ]);
      if (!vendor) throw new NotFoundError();
      const { counts, subAccounts, missingDocTypes, missingSiteDocs, sitesWithFindings } = figures;
      const contacts = contactSummary(contactsOf, vendor);
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
        missingDocs: missingDocTypes.length,
        missingDocTypes,
        missingSiteDocs,
        sitesWithFindings,
        missingContactTypes: contacts.missingContactTypes,
        reciprocalAllowed: vendor.reciprocalAllowed,
        permissionAudit: vendor.permissionAudit,
        isConsumer: vendor.isConsumer,
        isProvider: vendor.isProvider,
      };
    },
  };
}
