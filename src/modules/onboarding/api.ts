/** Calls of the first-run checklist (identity family; shapes in contracts/onboarding.ts). */
import { onboardingEndpoints, type OnboardingState } from '../../contracts/onboarding';
import { setQueryData, useQuery } from '../../core/resources/cache';
import { callEndpoint } from '../../core/resources/endpoint';

export const ONBOARDING_KEY = ['identity', 'onboarding'] as const;

export const useOnboarding = (enabled: boolean) => useQuery(ONBOARDING_KEY, (signal) => callEndpoint(onboardingEndpoints.state, { signal, silent: true }), enabled);

/** Skips (or takes back the skip of) a step; the answer is the new state, kept in the cache. */
export async function setSkipped(key: string, skipped: boolean): Promise<OnboardingState> {
  const state = await callEndpoint(skipped ? onboardingEndpoints.skip : onboardingEndpoints.unskip, { params: { key } });
  setQueryData(ONBOARDING_KEY, state);
  return state;
}

export const applyHeadOffice = () => callEndpoint(onboardingEndpoints.headOffice);

export const applyStandardChart = () => callEndpoint(onboardingEndpoints.standardChart);

export const applyApprovalTemplate = (key: string) => callEndpoint(onboardingEndpoints.approvalTemplate, { params: { key } });
