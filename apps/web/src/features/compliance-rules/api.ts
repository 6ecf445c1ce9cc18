import {
  ComplianceRuleSetPaths as P,
  type ComplianceRuleSetInput,
  type ProductRuleSet,
  type RuleSetVersion,
} from '@vp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

/** The console's compliance rules: each product's current rule set, its versions, and a save. */

export const ruleSetKeys = {
  all: ['admin', 'compliance-rules'] as const,
  list: ['admin', 'compliance-rules', 'list'] as const,
  versions: (productId: number) => ['admin', 'compliance-rules', 'versions', productId] as const,
};

export function useRuleSets() {
  return useQuery({
    queryKey: ruleSetKeys.list,
    queryFn: () => http.get<ProductRuleSet[]>(P.ruleSets),
  });
}

export function useRuleSetVersions(productId: number) {
  return useQuery({
    queryKey: ruleSetKeys.versions(productId),
    queryFn: () => http.get<RuleSetVersion[]>(P.versions(productId)),
  });
}

/**
 * Saves a product's rules as a new version. The list and the product's versions are refetched
 * whether it was saved or refused as stale (someone else's version is then the one to show).
 */
export function useSaveRuleSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { productId: number; input: ComplianceRuleSetInput }) =>
      http.put<ProductRuleSet>(P.ruleSet(v.productId), v.input),
    onSuccess: (saved) => {
      qc.setQueryData<ProductRuleSet[]>(ruleSetKeys.list, (list) =>
        list?.map((s) => (s.productId === saved.productId ? saved : s)),
      );
    },
    onSettled: async (_data, _error, v) => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: ruleSetKeys.list }),
        qc.invalidateQueries({ queryKey: ruleSetKeys.versions(v.productId) }),
      ]);
    },
  });
}
