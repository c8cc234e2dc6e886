// Product claims and the facts they rest on (content/facts, content/README.md "Product facts"): each mistake
// the December review found, put back into a copy of the content, is refused by the content check with the
// message an editor reads (file, entry, the statement, and the fix). Entries are named by collection and
// id, never by file.
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '~/content-check/check';
import type { Problem } from '~/content-check/problems';
import { contentFile, contentFixture, replaceOnce, type ContentFixture } from '../support/content-fixture';

let fixture: ContentFixture | undefined;
afterEach(() => fixture?.cleanup());

/** The problems of a copy of the content with these edits, as "file:line | where what | fix". */
function problemsAfter(edits: Parameters<typeof contentFixture>[0]): string[] {
  fixture = contentFixture(edits);
  return checkContent(fixture.root).problems.map(
    (problem: Problem) => `${problem.file}:${String(problem.line)} | ${problem.where} ${problem.message} | ${problem.fix}`,
  );
}

/** The "where what" part of each problem. */
const sentences = (problems: readonly string[]) => problems.map((line) => line.split(' | ')[1]);

const objections = () => contentFile('objections', 'crm-has-marketing');
const lesson101 = () => contentFile('lessons', 101);

describe('citations', () => {
  it('refuses a citation of a fact that does not exist, suggesting the nearest id', () => {
    const problems = problemsAfter({
      [objections()]: replaceOnce(
        'facts: [crm-integrations, crm-salesforce, crm-hubspot, crm-dynamics-365]',
        'facts: [crm-integrations, crm-salesforse, crm-hubspot, crm-dynamics-365]',
      ),
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^content\/sales-kit\/objections\.yaml:\d+ \| fact 2 \('crm-salesforse'\) of objection 'Our CRM already has listing pages and email\.' names fact "crm-salesforse", which does not exist \| Use the id of a fact in content\/facts \(.+\), or add the fact there first\. Did you mean "crm-salesforce"\?$/,
    );
    // Without the Salesforce fact, its claim in the same objection is uncited.
    expect(problems[1]).toContain("a claim of fact 'Salesforce: what syncs, and which way' (crm-salesforce), but does not cite it");
  });

  it('refuses a citation of a fact Parcelwise does not offer, saying what is true and what to cite instead', () => {
    const problems = problemsAfter({
      [lesson101()]: replaceOnce('facts: [support-channels,', 'facts: [phone-support, support-channels,'),
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/lessons\/01-company\/01-who-we-are\.mdx:8 \| fact 1 \('phone-support'\) of lesson 'Who We Are: Mission and History' cites fact 'Phone support \(not offered\)' \(phone-support\), which Parcelwise does not offer: no statement may rest on it \| Remove the claim and say what is true: "There is no phone support line and no support around the clock\. .*" Then cite support-channels instead\.$/,
      ),
    ]);
  });

  it('refuses HubSpot "two-way" stated without its fact, as when the product card changed with no review', () => {
    const problems = problemsAfter({
      [contentFile('productIntegrationGroups', 'crm-systems')]: replaceOnce(
        'facts: [crm-integrations, crm-salesforce, crm-hubspot, crm-dynamics-365]',
        'facts: [crm-integrations, crm-salesforce, crm-dynamics-365]',
      ),
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^content\/product\/integrations\/crm-systems\.yaml:\d+ \| integration group 'CRM Systems' says "Two-way sync of contacts and companies with HubSpot CRM\.", a claim of fact 'HubSpot: what syncs, and which way' \(crm-hubspot\), but does not cite it \| Check the statement says what the fact says \("Contacts and companies sync both ways with HubSpot CRM\. .*"\), then add crm-hubspot to `facts` of the entry \(facts: \[crm-hubspot\]\)\.$/,
    );
  });

  it('refuses a claim in one coach play that another play cites: each play cites its own facts', () => {
    const situation = contentFile('salesSituations', '04-addressing-concerns-late-stage');
    // Play 2 cites marketplace syndication too; play 3 without it fails.
    const moved = problemsAfter({ [situation]: replaceOnce('facts: [csv-import, marketplace-syndication]', 'facts: [csv-import]') });
    expect(sentences(moved)).toEqual([
      expect.stringMatching(
        /^play 3 of sales situation 'Addressing Concerns \(Late Stage\)' says ".+", a claim of fact 'Marketplace syndication: 12 CRE marketplaces from one record' \(marketplace-syndication\), but does not cite it$/,
      ),
    ]);
  });
});

describe('claims of what Parcelwise does not offer (the December findings)', () => {
  it('refuses "people who answer the phone" although the lesson cites the support fact, which does not cover a claim', () => {
    const problems = problemsAfter({
      [lesson101()]: replaceOnce('platform, and a team that knows commercial real estate.', 'platform, people who answer the phone.'),
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/lessons\/01-company\/01-who-we-are\.mdx:\d+ \| lesson 'Who We Are: Mission and History' says "Frame it as focus: one industry, one platform, people who answer the phone\.", a claim of fact 'Phone support \(not offered\)' \(phone-support\), which Parcelwise does not offer \| Remove the claim, or say what is true \("There is no phone support line.*"\) and add support-channels to `facts` of the entry\.$/,
      ),
    ]);
  });

  it('refuses tenant communications as a prospecting keyword, a pilot, free guides and the AI feature, cited or not', () => {
    const problems = problemsAfter({
      [contentFile('icp', 'ideal-customer-profile')]: replaceOnce(
        '      - Deal room and confidentiality agreements\n',
        '      - Deal room and confidentiality agreements\n      - Tenant communications\n',
      ),
      [contentFile('personas', 4)]: replaceOnce(
        '  - Propose a first phase on the three buildings',
        '  - Propose a pilot on the three buildings',
      ),
      [contentFile('prospecting', 'sofia-marchetti')]: replaceOnce(
        'If it helps,\n        I can add you to our newsletter for CRE marketers.',
        'Here are the free guides our team recommends.',
      ),
      // The 2025 milestone as it was, before the AI feature with no subprocessor left the history.
      [contentFile('companyHistory', '2025-microsoft-and-sso')]: replaceOnce(
        /(- id: 2025-microsoft-and-sso\n[^]*?description: >-\n)[^]*?(?=\n- id:)/,
        '$1    Draft property descriptions, email copy and flyer layouts are generated from listing data for a person\n    to review and approve.',
      ),
    });
    // Each entry cites the fact that says what is true instead (product scope, a first phase, our
    // newsletter, the subprocessors), which covers a denial but never a claim.
    expect(sentences(problems)).toEqual([
      expect.stringMatching(
        /^persona 'Tom Kessler' says "Propose a pilot on the three buildings.*", a claim of fact 'Pilots and free trials \(not offered\)' \(pilot-or-trial\), which Parcelwise does not offer$/,
      ),
      expect.stringMatching(
        /^ideal customer profile 'Ideal Customer Profile' says "Tenant communications", a claim of fact 'Tenant communications \(not offered\)' \(tenant-communications\), which Parcelwise does not offer$/,
      ),
      expect.stringMatching(
        /^history entry '2025: Microsoft Dynamics 365 and single sign-on' says "Draft property descriptions, email copy and flyer layouts are generated.*", a claim of fact 'AI-generated content \(not offered\)' \(ai-content\), which Parcelwise does not offer$/,
      ),
      expect.stringMatching(
        /^prospecting sequence 'Sequence sofia-marchetti' says "Here are the free guides our team recommends\.", a claim of fact 'Self-serve resources and free guides for prospects \(not offered\)' \(self-serve-resources\), which Parcelwise does not offer$/,
      ),
    ]);
    expect(problems[1]).toMatch(
      /\| Remove the claim, or say what is true \("Parcelwise does not send tenant notices.*"\) and add product-scope to `facts` of the entry\.$/,
    );
  });

  it('accepts a denial that cites what is true instead, and refuses one that cites nothing', () => {
    const segment = contentFile('segments', 11);
    expect(
      problemsAfter({ [segment]: replaceOnce("It isn't a tenant app:", "It isn't a tenant app, and it sends no tenant notices:") }),
    ).toEqual([]);
    const problems = problemsAfter({ [segment]: replaceOnce(/\nfacts: \[([^\]]*)product-scope, ?/, '\nfacts: [$1') });
    expect(sentences(problems)).toContainEqual(
      expect.stringMatching(
        /^buyer segment 'Property Managers' says ".*", which says what Parcelwise does not offer \(fact 'Tenant communications \(not offered\)' \(tenant-communications\)\) without citing what it does instead$/,
      ),
    );
  });
});

describe('wordings that contradict their fact, cited or not', () => {
  it('refuses owner reports that show tours, deletion "within 30 days" and engagement synced both ways', () => {
    const problems = problemsAfter({
      [contentFile('segments', 9)]: replaceOnce('(views, inquiries, tour requests)', '(views, inquiries, tours)'),
      [contentFile('pricingPolicy', 'policy')]: replaceOnce(
        'After the contract ends it has 30 days to export;\n        then its data is deleted,',
        'After the contract ends it is deleted within 30 days,',
      ),
      [contentFile('demoScripts', 'influencer')]: replaceOnce(
        'Contacts and leads sync both ways with [their CRM],',
        '[Their CRM] gets contacts, inquiries and engagement both ways,',
      ),
    });
    expect(sentences(problems)).toEqual([
      expect.stringMatching(
        /^buyer segment 'Leasing Brokers' says "Owner activity reports \(views, inquiries, tours\) help brokers .*", which contradicts fact 'Owner activity reports: inquiries, tour requests and traffic, not tours' \(owner-activity-reports\)$/,
      ),
      expect.stringMatching(
        /^pricing policy 'Pricing policy' says "After the contract ends it is deleted within 30 days.*", which contradicts fact 'Export at any time; deletion after a contract ends' \(data-export-and-deletion\)$/,
      ),
      expect.stringMatching(
        /^demo script 'Influencer: the 30-minute requirements demo' says "\[Their CRM\] gets contacts, inquiries and engagement both ways.*", which contradicts fact 'CRM integrations: which are built in, and what reaches the CRM' \(crm-integrations\)$/,
      ),
    ]);
    expect(problems[0]).toMatch(/\| Say what the fact says: "Owner activity reports show what Parcelwise records/);
  });
});

describe('case-study figures, quoted exactly', () => {
  it('refuses the Larchfield reports quoted as "two days a month to 20 minutes", naming the case study', () => {
    const problems = problemsAfter({
      [contentFile('objections', 'too-expensive')]: replaceOnce(
        'and its owner marketing reports for all 14\n    owners take under 5 hours a month, down from about two days a month.',
        'and cut its owner marketing reports from two\n    days a month to 20 minutes.',
      ),
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/sales-kit\/objections\.yaml:\d+ \| objection 'It's too expensive\.' quotes Larchfield Property Management with "20 minutes", which its case study does not say \| Quote the case study's own figures exactly, with their comparison \(10 hours of re-typing removed every week; Under 5 hours a month for the owner marketing reports of all 14 owners; 6 new assignments in the first year\): content\/sales-kit\/case-studies\/larchfield-property-management\.yaml\. If the customer measured something new, change the case study first\.$/,
      ),
    ]);
  });

  it('refuses calendar days where Corvane measured business days, and a figure of no case study in a lesson', () => {
    const problems = problemsAfter({
      [contentFile('objections', 'mid-deal-launch')]: replaceOnce('they launched 3 business days after', 'they launched 3 days after'),
      [contentFile('lessons', 307)]: replaceOnce('from 212 to 148 in a year', 'from 212 to 140 in a year'),
    });
    expect(sentences(problems)).toEqual([
      expect.stringMatching(
        /^lesson 'Customer Proof: Case Studies by Segment' quotes Ironvale Properties with "140", which its case study does not say$/,
      ),
      expect.stringMatching(
        /^objection 'We're in the middle of a deal launch; come back next quarter\.' quotes Corvane Capital Advisors with "3 days", which its case study does not say$/,
      ),
    ]);
  });
});

describe('counts of the hub’s own content', () => {
  it('refuses "the four cards below" with six competitor cards, and a stale count of objections quoting a case study', () => {
    const problems = problemsAfter({
      [contentFile('industryOverview', 'market')]: replaceOnce('The six cards below', 'The four cards below'),
      [contentFile('lessons', 307)]: replaceOnce('thirteen objections in the library', 'eleven objections in the library'),
    });
    expect(problems.map((line) => line.split(' | ').slice(1).join(' | '))).toEqual([
      "lesson 'Customer Proof: Case Studies by Segment' says there are eleven objections that quote a case study, but there are 13 | Write 13 (thirteen), the number of objections that quote a case study in content/sales-kit/objections.yaml (entries with a `caseStudyId`), or reword the sentence without a count.",
      "industry overview 'The Commercial Real Estate Industry' says there are four competitor cards, but there are 6 | Write 6 (six), the number of competitor cards in content/industry/competitors.yaml, or reword the sentence without a count.",
    ]);
  });
});

describe('the ideal customer profile', () => {
  it('refuses tiers that leave a firm in no tier and no disqualifier, naming the firm', () => {
    const problems = problemsAfter({
      [contentFile('icp', 'ideal-customer-profile')]: replaceOnce(
        '      - { properties: { min: 76 }, employees: { min: 11, max: 20 }, systems: [crm, pms, crm-and-pms] }\n',
        '',
      ),
    });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /^content\/icp\/ideal-customer-profile\.yaml:\d+ \| `tiers` of ideal customer profile 'Ideal Customer Profile' put a firm with 76 properties, 11 employees and a CRM in no tier and meets no disqualifier \(and \d+ more such firms\) \| Every firm must fall into exactly one tier, or meet a disqualifier and fall into none: change the `fits` of the tiers/,
    );
  });

  it('refuses "fewer than 10 properties", which leaves a firm of 10 in Tier 3 without its red flag', () => {
    const problems = problemsAfter({
      [contentFile('lessons', 403)]: replaceOnce('- **10 or fewer properties.** Not enough', '- **Fewer than 10 properties.** Not enough'),
    });
    expect(problems.map((line) => line.split(' | ').slice(1).join(' | '))).toEqual([
      `lesson 'Disqualifiers and Product-Fit Red Flags' says "Fewer than 10 properties", but Tier 3 and its red flag are 10 or fewer properties | Write "10 or fewer properties" (or "more than 10"), as the ideal customer profile does, so a firm of exactly 10 is placed one way everywhere.`,
    ]);
  });
});

describe('the facts themselves', () => {
  it('refuses a malformed trigger and an `instead` on a fact that is offered', () => {
    const facts = contentFile('facts', 'crm-hubspot');
    const problems = problemsAfter({
      [facts]: (text) =>
        replaceOnce(
          '    - HubSpot + workflow*\n',
          '    - HubSpot + *workflow\n',
        )(
          replaceOnce(
            '  title: "Mailchimp: segments and engagement for teams that keep it"\n',
            '  title: "Mailchimp: segments and engagement for teams that keep it"\n  instead: [crm-hubspot]\n',
          )(text),
        ),
    });
    expect(sentences(problems)).toEqual([
      'trigger 12 (\'HubSpot + *workflow\') of product fact \'HubSpot: what syncs, and which way\' must be words or phrases joined by " + " (a "*" only at the end of a word), e.g. "HubSpot + two-way"',
      "`instead` of product fact 'Mailchimp: segments and engagement for teams that keep it' is only for a not-offered fact: remove it or set status: not-offered",
    ]);
  });
});
