/**
 * The plan part of the e-mail digest: a person's onboarding-plan items overdue and due today, and a
 * certificate expiring within 14 days. Placeholder until the onboarding programs feature exists: it
 * replaces this file with the real reading of the person's program. Until then nobody has a program, so
 * there is no plan part (null).
 */

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

/** The person's plan part on the day of `now`, or null for people without a program. */
export function planDigestFor(_userId: string, _now: Date): Promise<PlanDigest | null> {
  return Promise.resolve(null);
}
