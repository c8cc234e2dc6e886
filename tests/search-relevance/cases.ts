// The relevance cases of the search (docs/decisions.md "Search order and ranking"): what a rep types a few minutes before a call, and the
// result that must be among the first three. Written from the content: terms, abbreviations, competitor
// names, objections, integrations, persona names, misspellings and synonyms. `expect` lists the results
// that answer the query ("group: title"); any of them in the top three counts.
export interface RelevanceCase {
  q: string;
  kind:
    | 'term'
    | 'abbreviation'
    | 'synonym'
    | 'misspelling'
    | 'competitor'
    | 'integration'
    | 'objection'
    | 'persona'
    | 'segment'
    | 'feature'
    | 'company'
    | 'icp'
    | 'lesson'
    | 'resource'
    | 'industry'
    | 'sales-kit';
  expect: string[];
}

export const RELEVANCE_CASES: RelevanceCase[] = [
  // Terms and abbreviations
  { q: 'NNN', kind: 'abbreviation', expect: ['glossary: NNN: Triple net'] },
  { q: 'cap rate', kind: 'term', expect: ['glossary: Capitalization rate (cap rate)'] },
  { q: 'TI', kind: 'abbreviation', expect: ['glossary: TI: Tenant improvements'] },
  { q: 'NOI', kind: 'abbreviation', expect: ['glossary: NOI: Net operating income'] },
  { q: 'net operating income', kind: 'term', expect: ['glossary: Net operating income'] },
  { q: 'CAM', kind: 'abbreviation', expect: ['glossary: CAM: Common area maintenance'] },
  { q: 'LOI', kind: 'abbreviation', expect: ['glossary: LOI: Letter of intent'] },
  { q: '1031 exchange', kind: 'term', expect: ['glossary: 1031 exchange'] },
  { q: 'ROFR', kind: 'abbreviation', expect: ['glossary: ROFR: Right of first refusal'] },
  { q: 'right of first refusal', kind: 'term', expect: ['glossary: Right of first refusal'] },
  { q: 'sale leaseback', kind: 'term', expect: ['glossary: Sale-leaseback'] },
  { q: 'absorption', kind: 'term', expect: ['glossary: Absorption (net absorption)'] },
  { q: 'estoppel', kind: 'term', expect: ['glossary: Estoppel certificate'] },
  { q: 'ground lease', kind: 'term', expect: ['glossary: Ground lease'] },
  { q: 'offering memorandum', kind: 'term', expect: ['glossary: Offering memorandum'] },
  { q: 'class A building', kind: 'term', expect: ['glossary: Class A, B and C buildings'] },
  { q: 'DSCR', kind: 'abbreviation', expect: ['glossary: DSCR: Debt service coverage ratio'] },
  { q: 'what is a percentage lease', kind: 'term', expect: ['glossary: Percentage lease'] },
  // Synonyms from the glossary
  { q: 'triple net', kind: 'synonym', expect: ['glossary: NNN: Triple net', 'glossary: Triple net (NNN)'] },
  { q: 'triple net lease', kind: 'synonym', expect: ['glossary: Triple net (NNN)'] },
  { q: 'tenant improvement', kind: 'synonym', expect: ['glossary: TI: Tenant improvements', 'glossary: Tenant improvement allowance'] },
  { q: 'TI allowance', kind: 'synonym', expect: ['glossary: Tenant improvement allowance'] },
  { q: 'comps', kind: 'synonym', expect: ['glossary: Comparables (comps)'] },
  { q: 'spec development', kind: 'synonym', expect: ['glossary: Speculative (spec) development'] },
  { q: 'FSG', kind: 'synonym', expect: ['glossary: Full-service gross (FSG)', 'glossary: FSG: Full-service gross'] },
  { q: 'build to suit', kind: 'synonym', expect: ['glossary: Build-to-suit', 'glossary: BTS: Build-to-suit'] },
  // Misspellings
  { q: 'leese', kind: 'misspelling', expect: ['lessons: Lease Types Explained', 'glossary: Net lease', 'glossary: Gross lease'] },
  { q: 'salesforse', kind: 'misspelling', expect: ['product: Salesforce'] },
  { q: 'matteport', kind: 'misspelling', expect: ['product: Matterport'] },
  { q: 'capitalisation rate', kind: 'misspelling', expect: ['glossary: Capitalization rate (cap rate)'] },
  { q: 'amortisation', kind: 'misspelling', expect: ['glossary: Amortization'] },
  { q: 'estopel certificate', kind: 'misspelling', expect: ['glossary: Estoppel certificate'] },
  { q: 'multi threading', kind: 'misspelling', expect: ['situations: Multi-threading', 'lessons: Multi-threading the Deal'] },
  // Competitors
  { q: 'Listora', kind: 'competitor', expect: ['industry: Listora'] },
  { q: 'BrokerNest', kind: 'competitor', expect: ['industry: BrokerNest'] },
  { q: 'Mailvanta', kind: 'competitor', expect: ['industry: Mailvanta'] },
  { q: 'spacefinder', kind: 'competitor', expect: ['industry: Spacefinder Exchange'] },
  // Integrations
  { q: 'Yardi', kind: 'integration', expect: ['product: Yardi Voyager'] },
  { q: 'Salesforce', kind: 'integration', expect: ['product: Salesforce'] },
  { q: 'HubSpot', kind: 'integration', expect: ['product: HubSpot'] },
  { q: 'LoopNet', kind: 'integration', expect: ['product: LoopNet'] },
  { q: 'Dynamics', kind: 'integration', expect: ['product: Microsoft Dynamics 365'] },
  { q: 'Canva', kind: 'integration', expect: ['product: Canva'] },
  { q: 'does it work with our CRM', kind: 'integration', expect: ['lessons: Handling Common Objections'] },
  // Objections and sales situations
  { q: 'budget', kind: 'objection', expect: ['situations: Budget Pushback'] },
  { q: 'too expensive', kind: 'objection', expect: ['situations: Budget Pushback', 'lessons: Handling Common Objections'] },
  {
    q: 'discount',
    kind: 'objection',
    expect: [
      'situations: Budget Pushback',
      'product: Discounts and who approves them',
      "situations: “We'd need a big discount to do this this year.”",
    ],
  },
  { q: 'we already have a website vendor', kind: 'objection', expect: ['lessons: Handling Common Objections'] },
  { q: "brokers won't use another tool", kind: 'objection', expect: ['lessons: Handling Common Objections'] },
  { q: 'cold feet', kind: 'objection', expect: ['situations: Addressing Concerns (Late Stage)'] },
  { q: 'testing the champion', kind: 'objection', expect: ['situations: Testing the Champion'] },
  { q: 'access to the decision maker', kind: 'objection', expect: ['situations: Access to Decision Maker'] },
  {
    q: 'pricing',
    kind: 'objection',
    expect: ['situations: Early Pricing Conversation', 'lessons: Pricing Conversations and Testing Your Champion'],
  },
  // Personas and segments
  { q: 'Dana', kind: 'persona', expect: ['personas: Dana Whitfield'] },
  { q: 'Tom Kessler', kind: 'persona', expect: ['personas: Tom Kessler'] },
  { q: 'Priya', kind: 'persona', expect: ['personas: Priya Raman'] },
  { q: 'Kevin', kind: 'persona', expect: ['personas: Kevin Brandt'] },
  { q: 'enterprise', kind: 'persona', expect: ['personas: Dana Whitfield', 'personas: Priya Raman', 'personas: Jasmine Osei'] },
  { q: 'building owners', kind: 'segment', expect: ['segments: Building Owners'] },
  { q: 'property managers', kind: 'segment', expect: ['segments: Property Managers'] },
  { q: 'investment sales', kind: 'segment', expect: ['segments: Investment Sales Brokers'] },
  // Product
  { q: 'flyer', kind: 'feature', expect: ['product: Flyer Design'] },
  { q: 'property website', kind: 'feature', expect: ['product: Property Websites'] },
  { q: 'email campaigns', kind: 'feature', expect: ['product: Real Estate Email Marketing'] },
  { q: 'document portal', kind: 'feature', expect: ['product: Document Portal'] },
  // Company, ICP, industry, lessons, resources
  { q: 'mission', kind: 'company', expect: ['company: Mission'] },
  { q: 'ACCELERATE', kind: 'company', expect: ['company: ACCELERATE'] },
  { q: 'elevator pitch', kind: 'company', expect: ['company: Elevator pitch'] },
  { q: 'tier 1', kind: 'icp', expect: ['icp: Tier 1'] },
  { q: 'no budget', kind: 'icp', expect: ['icp: No budget and no path to budget', 'situations: Budget Pushback'] },
  { q: 'shelfware', kind: 'icp', expect: ['icp: Shelfware'] },
  { q: 'market size', kind: 'industry', expect: ['industry: Market size'] },
  { q: 'flight to quality', kind: 'industry', expect: ['industry: Flight to quality in office'] },
  {
    q: 'discovery questions',
    kind: 'lesson',
    expect: ['lessons: Discovery That Uncovers Business Impact', 'situations: Discovery Questions'],
  },
  { q: 'ROI worksheet', kind: 'resource', expect: ['resources: Marketing ROI Worksheet'] },
  {
    q: 'case study',
    kind: 'resource',
    expect: ['resources: Case Study: Harborline Commercial Leases Up 200 Harbor Way', 'resources: Case study: Harborline Commercial'],
  },
  { q: 'NAIOP', kind: 'resource', expect: ['resources: NAIOP: Commercial Real Estate Development Research'] },
  // Sales Kit
  { q: 'discovery questions Priya', kind: 'sales-kit', expect: ['situations: Discovery questions for Priya Raman'] },
  { q: 'questions for Tom Kessler', kind: 'sales-kit', expect: ['situations: Discovery questions for Tom Kessler'] },
  {
    q: 'cost of vacancy',
    kind: 'sales-kit',
    expect: ['situations: What does a month of vacancy on your largest open suite cost you in rent?'],
  },
  { q: 'Corvane', kind: 'sales-kit', expect: ['resources: Case study: Corvane Capital Advisors'] },
  { q: 'days on market 148', kind: 'sales-kit', expect: ['resources: Case study: Ironvale Properties'] },
  { q: 'case study property manager Yardi', kind: 'sales-kit', expect: ['resources: Case study: Larchfield Property Management'] },
  { q: 'we already use a virtual data room', kind: 'objection', expect: ['situations: “We already use a virtual data room.”'] },
  { q: 'SOC 2 report', kind: 'objection', expect: ['situations: “Send us your SOC 2 Type II report.”'] },
  {
    q: 'MRI integration',
    kind: 'objection',
    expect: ['situations: “Does it integrate with MRI?”', 'lessons: Integrations: The Connected Stack'],
  },
  { q: 'Capital Markets package', kind: 'sales-kit', expect: ['product: Package: Capital Markets'] },
  { q: 'who approves a discount', kind: 'sales-kit', expect: ['product: Discounts and who approves them'] },
  { q: 'renewal notice', kind: 'sales-kit', expect: ['product: Contract terms', 'lessons: Renewals and Expansion'] },
  { q: 'SSO', kind: 'sales-kit', expect: ['product: IT and security: Sign-in and access'] },
  { q: 'subprocessors', kind: 'sales-kit', expect: ['product: IT and security: Subprocessors'] },
  { q: 'demo for a decision maker', kind: 'sales-kit', expect: ['situations: Demo script: Decision maker: the 30-minute outcome demo'] },
  { q: 'prospecting email Robert Haines', kind: 'sales-kit', expect: ['situations: Prospecting sequence: Robert Haines'] },
  { q: 'Marqueo', kind: 'competitor', expect: ['industry: Marqueo'] },
  { q: 'virtual data room competitor', kind: 'competitor', expect: ['industry: Ledgerhall Data Rooms'] },
  // The field assets of the Sales Kit: calls and e-mails, battlecards, deal templates, the security questionnaire, SaaS and IT terms
  {
    q: 'voicemail script',
    kind: 'sales-kit',
    expect: ['situations: Voicemail: brokerage marketing', 'situations: Voicemail: owner or property manager'],
  },
  { q: 'break-up email', kind: 'sales-kit', expect: ['situations: Break-up after the last touch'] },
  { q: 'gatekeeper', kind: 'sales-kit', expect: ['situations: The gatekeeper: the front desk or an assistant answers'] },
  { q: 'inbound inquiry reply', kind: 'sales-kit', expect: ['situations: Answer to an inbound inquiry'] },
  { q: 'mutual action plan', kind: 'sales-kit', expect: ['resources: Deal template: Mutual action plan', 'glossary: Mutual action plan'] },
  { q: 'business case template', kind: 'sales-kit', expect: ['resources: Deal template: Business case'] },
  { q: 'Marqueo battlecard', kind: 'competitor', expect: ['industry: Battlecard: Marqueo'] },
  { q: 'Mailvanta pricing model', kind: 'competitor', expect: ['industry: Battlecard: Mailvanta'] },
  {
    q: 'RPO',
    kind: 'sales-kit',
    expect: ['product: What are your recovery point and recovery time objectives (RPO, RTO)?', 'glossary: Recovery point objective (RPO)'],
  },
  {
    q: 'security questionnaire',
    kind: 'sales-kit',
    expect: ['product: IT and security: Security questionnaire: the 30 questions asked most', 'glossary: Security questionnaire'],
  },
  { q: 'month-to-month', kind: 'objection', expect: ['situations: “Can we do this month-to-month?”'] },
  { q: 'fair housing', kind: 'objection', expect: ['situations: “Our multifamily ads have to follow fair-housing rules.”'] },
  { q: 'DKIM', kind: 'term', expect: ['glossary: DKIM'] },
  { q: 'termination for convenience', kind: 'term', expect: ['glossary: Termination for convenience'] },
];
