/**
 * The plan part of the e-mail digest: a person's required plan items overdue and those due today (on
 * their calendar), and a certificate expiring within 14 days; null without a program.
 */
import { addDays, localTime } from '~/shared/time-zone';
import type { Plan } from './plan';
import { planFromRecords, readPlanRecords } from './programs';

/** One plan item in the digest: its title, its due date (YYYY-MM-DD) and the portal path that opens it. */
interface PlanDigestItem {
  title: string;
  dueDate: string;
  href: string;
}

export interface PlanDigest {
  overdue: PlanDigestItem[];
  dueToday: PlanDigestItem[];
  /** A certificate expiring within 14 days (expiresAt: YYYY-MM-DD), or null. */
  certificateExpiring: { title: string; expiresAt: string } | null;
}

const EXPIRY_NOTICE_DAYS = 14;

/** The person's plan part on the day of `now`, or null for people without a program. */
export async function planDigestFor(userId: string, now: Date): Promise<PlanDigest | null> {
  const records = await readPlanRecords(userId, now);
  const plan = await planFromRecords(userId, records, now);
  return plan ? planDigestOf(plan, localTime(now, records.timeZone).date) : null;
}

/** What of a plan the digest tells on a day (YYYY-MM-DD, the person's calendar). */
export function planDigestOf(plan: Plan, today: string): PlanDigest {
  const open = plan.items.filter((item) => item.required && item.status !== 'done');
  const toItem = ({ title, dueDate, href }: PlanDigestItem) => ({ title, dueDate, href });
  const { certificate } = plan;
  const expiresOn = certificate?.expiresAt.slice(0, 10);
  const expiring = certificate && expiresOn && certificate.status !== 'expired' && expiresOn <= addDays(today, EXPIRY_NOTICE_DAYS);
  return {
    overdue: open.filter((item) => item.status === 'overdue').map(toItem),
    dueToday: open.filter((item) => item.dueDate === today).map(toItem),
    certificateExpiring: expiring ? { title: certificate.title, expiresAt: expiresOn } : null,
  };
}
