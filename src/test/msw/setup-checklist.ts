import { http } from 'msw';
import type { SetupChecklist } from '../../../contract/setup-checklist.ts';
import { ok } from './envelope';

/** An organization past its first day: every step done, the profile ready for bills. */
export const READY_SETUP_CHECKLIST: SetupChecklist = {
  steps: {
    profile: true,
    merchants: true,
    designs: true,
    workers: true,
    stages: true,
    firstOrder: true,
    inviteStaff: true,
  },
  billingProfileGaps: [],
  dismissed: true,
};

/** Answers the setup checklist that the landing and billing pages read. */
export const setupChecklistHandler = (checklist: SetupChecklist = READY_SETUP_CHECKLIST) =>
  http.get('*/api/setup-checklist', () => ok(checklist));
