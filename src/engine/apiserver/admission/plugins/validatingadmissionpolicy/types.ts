// What kubernetes-types' admissionregistration/v1 lacks: a NamedRuleWithOperations' resources and scope.
import type { MatchResources, NamedRuleWithOperations } from 'kubernetes-types/admissionregistration/v1';

export type NamedRule = NamedRuleWithOperations & { resources?: string[]; scope?: string };
export type MatchRules = Omit<MatchResources, 'resourceRules' | 'excludeResourceRules'> & { resourceRules?: NamedRule[]; excludeResourceRules?: NamedRule[] };
