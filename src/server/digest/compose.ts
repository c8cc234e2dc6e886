/**
 * The e-mail digest's text (docs/product.md "E-mail digest"): a subject that says what is waiting, and an
 * HTML and a plain-text part that both say everything, readable without images, every link absolute to
 * the portal's exact place, with the settings and the one-click unsubscribe at the foot. Pure: the pass
 * (send-digests.ts) gathers the parts.
 */
import type { PlanDigest } from '~/server/programs/plan-digest';
import type { TeamDigest } from './team-digest';

export interface DigestContent {
  /** The person's display name. */
  name: string;
  /** Reviews due today (review.ts `dueReviewCount`). */
  reviewsDue: number;
  /** The daily challenge streak in days. */
  streak: number;
  /** The onboarding plan's part, or null without a program. */
  plan: PlanDigest | null;
  /** An administrator's weekly team part, or null. */
  team: TeamDigest | null;
  /** Practice: the person's reviews since their last digest, scenarios due again, and (reviewers) attempts waiting. */
  practice: PracticeDigest | null;
  /** The external meetings of the person's day from their calendar, soonest first, each at its local time. */
  calls: DigestCall[];
}

export interface DigestCall {
  meetingId: string;
  /** `HH:MM` on the person's clock. */
  time: string;
  title: string;
}

export interface PracticeDigest {
  reviewed: Array<{ attemptId: string; title: string; passed: boolean }>;
  due: Array<{ scenarioId: string; title: string }>;
  /** Attempts waiting for review: told to administrators only (0 for anybody else). */
  waiting: number;
}

export interface DigestLinks {
  /** The portal's origin, e.g. https://hub.example.com. */
  origin: string;
  unsubscribeUrl: string;
}

export interface ComposedDigest {
  subject: string;
  text: string;
  html: string;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A block of the message: a heading and its lines, each maybe with a link. */
interface Block {
  heading: string;
  lines: Array<{ text: string; href?: string }>;
}

function teamHasNews(team: TeamDigest | null): team is TeamDigest {
  if (team === null) return false;
  const { planBehind, inactive, behind, certificatesExpiring, mostMissed, pastReview, foundNothing } = team;
  const lists = [planBehind, inactive, behind, certificatesExpiring, mostMissed, pastReview, foundNothing];
  return team.readerReportsOpen > 0 || lists.some((list) => list.length > 0);
}

/** The subject's parts, most pressing first: "3 reviews due · 1 plan item overdue". */
function subjectOf(content: DigestContent): string {
  const { reviewsDue, plan, team } = content;
  const parts = [
    ...(content.calls.length > 0 ? [`${plural(content.calls.length, 'call')} today`] : []),
    ...(reviewsDue > 0 ? [`${plural(reviewsDue, 'review')} due`] : []),
    ...(plan && plan.overdue.length > 0 ? [`${plural(plan.overdue.length, 'plan item')} overdue`] : []),
    ...(plan && plan.dueToday.length > 0 ? [`${plural(plan.dueToday.length, 'plan item')} due today`] : []),
    ...(plan?.certificateExpiring ? ['certificate expiring soon'] : []),
    ...(content.practice && content.practice.reviewed.length > 0
      ? [`${plural(content.practice.reviewed.length, 'practice review')} to read`]
      : []),
    ...(content.practice && content.practice.waiting > 0
      ? [`${plural(content.practice.waiting, 'practice attempt')} waiting for review`]
      : []),
    ...(teamHasNews(team) ? ['your weekly team summary'] : []),
  ];
  const subject = parts.join(' · ');
  return subject.charAt(0).toUpperCase() + subject.slice(1);
}

function blocksOf(content: DigestContent, origin: string): Block[] {
  const { reviewsDue, streak, plan, team } = content;
  const blocks: Block[] = [];
  // The day's calls first: they happen at a set time, and each has its prep page.
  if (content.calls.length > 0) {
    blocks.push({
      heading: 'Your calls today',
      lines: content.calls.map((call) => ({ text: `${call.time} ${call.title}`, href: `${origin}/prep/${call.meetingId}` })),
    });
  }
  if (reviewsDue > 0 || streak > 0) {
    blocks.push({
      heading: 'Spaced review',
      lines: [
        ...(reviewsDue > 0 ? [{ text: `${plural(reviewsDue, 'review')} due today`, href: `${origin}/review` }] : []),
        ...(streak > 0
          ? [{ text: `Your daily challenge streak: ${plural(streak, 'day')}. Today's challenge keeps it going.`, href: `${origin}/` }]
          : []),
      ],
    });
  }
  if (plan && (plan.overdue.length > 0 || plan.dueToday.length > 0 || plan.certificateExpiring)) {
    blocks.push({
      heading: 'Your onboarding plan',
      lines: [
        ...plan.overdue.map((item) => ({ text: `Overdue since ${item.dueDate}: ${item.title}`, href: `${origin}${item.href}` })),
        ...plan.dueToday.map((item) => ({ text: `Due today: ${item.title}`, href: `${origin}${item.href}` })),
        ...(plan.certificateExpiring
          ? [
              {
                text: `Your certificate "${plan.certificateExpiring.title}" expires on ${plan.certificateExpiring.expiresAt}.`,
                href: `${origin}/plan`,
              },
            ]
          : []),
      ],
    });
  }
  const practice = content.practice && practiceBlock(content.practice, origin);
  if (practice) blocks.push(practice);
  if (teamHasNews(team)) blocks.push(...teamBlocks(team, origin));
  return blocks;
}

/** Reviews to read, scenarios to practise again, attempts to review; null when there is none of them. */
function practiceBlock(practice: PracticeDigest, origin: string): Block | null {
  const lines = [
    ...practice.reviewed.map((item) => ({
      text: `Reviewed: ${item.title}: ${item.passed ? 'passed' : 'try again'}`,
      href: `${origin}/practice/attempts/${item.attemptId}`,
    })),
    ...practice.due.map((item) => ({ text: `Due to practise again: ${item.title}`, href: `${origin}/practice/${item.scenarioId}` })),
    ...(practice.waiting > 0
      ? [{ text: `${plural(practice.waiting, 'attempt')} waiting for your review`, href: `${origin}/practice/reviews` }]
      : []),
  ];
  return lines.length === 0 ? null : { heading: 'Practice', lines };
}

const seeTeamProgress = (origin: string) => ({ text: 'See Team Progress', href: `${origin}/team-progress` });

/** "Dana Diaz (Discovery refresher): 2 required items overdue, 1 of 4 done" / "…: behind, 1 of 4 required items done on day 9". */
function planLine(person: TeamDigest['planBehind'][number]): string {
  const done = `${person.planDone} of ${person.planRequired}`;
  const state =
    person.status === 'overdue'
      ? `${plural(person.overdueItems, 'required item')} overdue, ${done} done`
      : `behind, ${done} required items done on day ${person.planDay}`;
  return `${person.name} (${person.program}): ${state}`;
}

/** The team's blocks, each only when it has something: the plans first, as what is most pressing. */
function teamBlocks(team: TeamDigest, origin: string): Block[] {
  const blocks: Array<Block | null> = [
    team.planBehind.length === 0
      ? null
      : {
          heading: 'Overdue or behind on their onboarding plan',
          lines: team.planBehind.map((person) => ({ text: planLine(person), href: `${origin}${person.href}` })),
        },
    team.inactive.length === 0
      ? null
      : {
          heading: `Inactive for ${team.inactiveDays} days`,
          lines: [
            ...team.inactive.map((person) => ({
              text: `${person.name}${person.lastActive ? ` (last active ${person.lastActive})` : ' (never active)'}`,
            })),
            seeTeamProgress(origin),
          ],
        },
    team.behind.length === 0
      ? null
      : {
          heading: 'Behind their pace',
          lines: [
            ...team.behind.map((person) => ({
              text: `${person.name}: ${person.modulesCompleted} of ${person.modulesExpected} modules expected by now`,
            })),
            seeTeamProgress(origin),
          ],
        },
    team.certificatesExpiring.length === 0
      ? null
      : {
          heading: `Certificates expiring in the next ${team.expiryNoticeDays} days`,
          lines: team.certificatesExpiring.map((item) => ({
            text: `${item.name}: "${item.title}" expires on ${item.expiresAt}${item.renewalNeeded ? ' (renewal needed)' : ''}`,
            href: `${origin}${item.href}`,
          })),
        },
    ...contentBlocks(team, origin),
  ];
  return blocks.filter((block): block is Block => block !== null);
}

/** What the team's answers, the content's review dates, the search log and the readers' reports say. */
function contentBlocks(team: TeamDigest, origin: string): Block[] {
  const blocks: Block[] = [];
  if (team.mostMissed.length > 0) {
    blocks.push({
      heading: 'Most-missed questions',
      lines: team.mostMissed.map((item) => ({
        text: `${Math.round(item.missRate * 100)} % missed (${item.answers} answers): ${item.text} (${item.quizTitle})`,
        href: `${origin}${item.href}`,
      })),
    });
  }
  if (team.pastReview.length > 0) {
    blocks.push({
      heading: 'Content past its review date',
      lines: team.pastReview.map((item) => ({ text: `${item.title}: review was due ${item.reviewBy}`, href: `${origin}${item.href}` })),
    });
  }
  if (team.foundNothing.length > 0) {
    blocks.push({
      heading: `Searched, found nothing (last ${team.foundNothingDays} days)`,
      lines: [
        ...team.foundNothing.map((item) => ({
          text: `"${item.query}": ${plural(item.count, 'search', 'searches')}`,
          href: `${origin}${item.href}`,
        })),
        { text: 'What to do about each: Content health', href: `${origin}/content-health` },
      ],
    });
  }
  if (team.readerReportsOpen > 0) {
    blocks.push({
      heading: 'Reports from readers',
      lines: [{ text: `${plural(team.readerReportsOpen, 'reader report')} open`, href: `${origin}/content-health#reader-reports` }],
    });
  }
  return blocks;
}

function textOf(name: string, blocks: readonly Block[], footer: Footer): string {
  const body = blocks.map((block) =>
    [block.heading, ...block.lines.map((line) => `- ${line.text}${line.href ? `\n  ${line.href}` : ''}`)].join('\n'),
  );
  return (
    [
      `Hello ${name},`,
      'here is what is waiting for you in the Learning Hub.',
      ...body,
      '--',
      footer.why,
      `Change it in your settings: ${footer.settingsUrl}`,
      `Unsubscribe in one click: ${footer.unsubscribeUrl}`,
    ].join('\n\n') + '\n'
  );
}

function htmlOf(name: string, subject: string, blocks: readonly Block[], footer: Footer): string {
  const line = (item: Block['lines'][number]) =>
    `<li>${item.href ? `<a href="${escapeHtml(item.href)}">${escapeHtml(item.text)}</a>` : escapeHtml(item.text)}</li>`;
  const sections = blocks.map(
    (block) =>
      `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(block.heading)}</h2><ul style="margin:0;padding-left:20px">${block.lines.map(line).join('')}</ul>`,
  );
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:600px;margin:0 auto;padding:16px">',
    `<p>Hello ${escapeHtml(name)},</p><p>here is what is waiting for you in the Learning Hub.</p>`,
    ...sections,
    '<hr style="margin-top:24px;border:none;border-top:1px solid #d1d5db">',
    `<p style="font-size:13px;color:#4b5563">${escapeHtml(footer.why)} <a href="${escapeHtml(footer.settingsUrl)}">Change it in your settings</a>.`,
    ` <a href="${escapeHtml(footer.unsubscribeUrl)}">Unsubscribe in one click</a>.</p>`,
    '</body></html>',
  ].join('');
}

interface Footer {
  why: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

/** The digest for one person, or null when nothing is waiting (no mail then). */
export function composeDigest(content: DigestContent, links: DigestLinks): ComposedDigest | null {
  const blocks = blocksOf(content, links.origin);
  const somethingToDo = content.reviewsDue > 0 || blocks.some((block) => block.heading !== 'Spaced review');
  if (!somethingToDo) return null;
  const subject = subjectOf(content);
  const footer: Footer = {
    why: 'You get this digest because it is switched on in your Learning Hub settings.',
    settingsUrl: `${links.origin}/settings#notifications`,
    unsubscribeUrl: links.unsubscribeUrl,
  };
  return { subject, text: textOf(content.name, blocks, footer), html: htmlOf(content.name, subject, blocks, footer) };
}
