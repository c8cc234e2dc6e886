/**
 * The demo team of local runs: who they are and how their onboarding went. Each member's story is a start
 * (days before today), a pace (1 = every item on its due day; above 1, early; below 1, late) and the day
 * they stopped working on it, if they did. The stories cover what Team Progress must show: plans at every
 * stage, some overdue, certificates earned and one about to expire, sign-offs and practice waiting.
 */
export interface DemoMember {
  name: string;
  username: string;
  programId: 'sdr-onboarding' | 'account-executive-onboarding' | 'customer-success-onboarding' | 'discovery-refresher';
  startedDaysAgo: number;
  pace: number;
  /** Days after the start after which nothing more was done (someone who went quiet). */
  stoppedAfterDays?: number;
  /** Sign-off items are signed on their day; otherwise they wait for the administrator. */
  signedOff: boolean;
  /** The last practice attempt is sent but not reviewed yet. */
  practiceWaiting?: boolean;
}

/** The demo learner's own story: the account executive plan, ten days in, a little behind. */
export const DEMO_LEARNER_STORY = {
  programId: 'account-executive-onboarding',
  startedDaysAgo: 10,
  pace: 0.8,
  stoppedAfterDays: 7,
  signedOff: false,
} as const;

export const DEMO_TEAM: readonly DemoMember[] = [
  {
    name: 'Priya Shah',
    username: 'priya.shah@parcelwise.example',
    programId: 'sdr-onboarding',
    startedDaysAgo: 88,
    pace: 1.15,
    signedOff: true,
  },
  {
    name: 'Marcus Bell',
    username: 'marcus.bell@parcelwise.example',
    programId: 'sdr-onboarding',
    startedDaysAgo: 60,
    pace: 1,
    signedOff: true,
  },
  {
    name: 'Dana Okafor',
    username: 'dana.okafor@parcelwise.example',
    programId: 'sdr-onboarding',
    startedDaysAgo: 34,
    pace: 1,
    signedOff: false,
    practiceWaiting: true,
  },
  {
    name: 'Leo Novak',
    username: 'leo.novak@parcelwise.example',
    programId: 'sdr-onboarding',
    startedDaysAgo: 21,
    pace: 0.6,
    signedOff: false,
  },
  {
    name: 'Hana Ito',
    username: 'hana.ito@parcelwise.example',
    programId: 'sdr-onboarding',
    startedDaysAgo: 5,
    pace: 1.2,
    signedOff: false,
  },
  // Two sellers who took the two-week discovery refresher: one certificate current, one expiring within a month.
  {
    name: 'Sam Rivera',
    username: 'sam.rivera@parcelwise.example',
    programId: 'discovery-refresher',
    startedDaysAgo: 175,
    pace: 1,
    signedOff: true,
  },
  {
    name: 'Elena Petrova',
    username: 'elena.petrova@parcelwise.example',
    programId: 'discovery-refresher',
    startedDaysAgo: 45,
    pace: 1.2,
    signedOff: true,
  },
  {
    name: 'Grace Lin',
    username: 'grace.lin@parcelwise.example',
    programId: 'account-executive-onboarding',
    startedDaysAgo: 80,
    pace: 1.1,
    signedOff: true,
  },
  {
    name: 'Omar Haddad',
    username: 'omar.haddad@parcelwise.example',
    programId: 'account-executive-onboarding',
    startedDaysAgo: 47,
    pace: 0.9,
    signedOff: false,
    practiceWaiting: true,
  },
  {
    name: 'Julia Weber',
    username: 'julia.weber@parcelwise.example',
    programId: 'account-executive-onboarding',
    startedDaysAgo: 30,
    pace: 0.7,
    stoppedAfterDays: 18,
    signedOff: false,
  },
  {
    name: 'Tom Fischer',
    username: 'tom.fischer@parcelwise.example',
    programId: 'account-executive-onboarding',
    startedDaysAgo: 16,
    pace: 1,
    signedOff: false,
  },
  {
    name: 'Nadia Costa',
    username: 'nadia.costa@parcelwise.example',
    programId: 'customer-success-onboarding',
    startedDaysAgo: 70,
    pace: 1.05,
    signedOff: true,
  },
  {
    name: 'Ben Adler',
    username: 'ben.adler@parcelwise.example',
    programId: 'customer-success-onboarding',
    startedDaysAgo: 40,
    pace: 1,
    signedOff: false,
    practiceWaiting: true,
  },
  {
    name: 'Chloe Martin',
    username: 'chloe.martin@parcelwise.example',
    programId: 'customer-success-onboarding',
    startedDaysAgo: 25,
    pace: 0.75,
    stoppedAfterDays: 12,
    signedOff: false,
  },
  {
    name: 'Yusuf Kaya',
    username: 'yusuf.kaya@parcelwise.example',
    programId: 'customer-success-onboarding',
    startedDaysAgo: 8,
    pace: 1,
    signedOff: false,
  },
];
