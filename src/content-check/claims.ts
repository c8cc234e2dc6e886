/**
 * Product claims rest on facts (content/facts, src/schemas/facts.ts; content/README.md "Product facts").
 * The build fails on: a `facts` citation of a fact that does not exist; a citation of a fact marked
 * not-offered (nothing may rest on what we do not do); a fact whose `instead` names an unknown or
 * not-offered fact; a statement that matches a fact's triggers without citing it; a statement that
 * claims what we do not offer (one that denies it passes when it cites a fact of `instead`); and a
 * statement that matches one of a fact's `contradictions`, a wording known to say the opposite, whether
 * it cites the fact or not. A claim that cites nothing cannot be found when its fact changes, and a rep
 * repeats it to a buyer all the same.
 */
import { claimUnits, type ClaimUnit } from './claim-text';
import { describePath } from './describe';
import type { Problem } from './problems';
import type { RawEntry } from './read';
import { closest } from './schema-check';
import { compileTrigger, matches, type Trigger } from './triggers';

/** A fact as the rules use it. */
interface KnownFact {
  entry: RawEntry;
  id: string;
  title: string;
  status: string;
  sayThis: string;
  instead: string[];
  triggers: Trigger[];
  contradictions: Trigger[];
}

const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const compiled = (value: unknown): Trigger[] =>
  list(value)
    .map(compileTrigger)
    .filter((trigger): trigger is Trigger => trigger !== null);

/** The facts read, by id (the first of two with one id; duplicates.ts reports the second). */
function knownFacts(entries: readonly RawEntry[]): Map<string, KnownFact> {
  const facts = new Map<string, KnownFact>();
  for (const entry of entries) {
    if (entry.source.collection !== 'facts' || typeof entry.data['id'] !== 'string' || facts.has(entry.data['id'])) continue;
    facts.set(entry.data['id'], {
      entry,
      id: entry.data['id'],
      title: String(entry.data['title'] ?? entry.data['id']),
      status: String(entry.data['status'] ?? ''),
      sayThis: String(entry.data['sayThis'] ?? ''),
      instead: list(entry.data['instead']),
      triggers: compiled(entry.data['triggers']),
      contradictions: compiled(entry.data['contradictions']),
    });
  }
  return facts;
}

const NOT_OFFERED = 'not-offered';
const someIds = (facts: Map<string, KnownFact>) => `${[...facts.keys()].slice(0, 6).join(', ')}, …`;
const unitName = (unit: ClaimUnit) => describePath(unit.entry, unit.path);
const factName = (fact: KnownFact) => `fact '${fact.title}' (${fact.id})`;

/** A citation (or an `instead` of a fact) that names no fact, or a fact that may not be cited. */
function citationProblem(entry: RawEntry, path: Array<string | number>, id: string, facts: Map<string, KnownFact>): Problem | null {
  const fact = facts.get(id);
  const at = { file: entry.file, line: entry.lineOf(path), where: describePath(entry, path) };
  if (!fact) {
    const nearest = closest(id, [...facts.keys()]);
    return {
      ...at,
      message: `names fact "${id}", which does not exist`,
      fix: `Use the id of a fact in content/facts (${someIds(facts)}), or add the fact there first.${nearest ? ` Did you mean "${nearest}"?` : ''}`,
    };
  }
  if (fact.status !== NOT_OFFERED) return null;
  const instead = fact.instead.map((other) => facts.get(other)).filter((other): other is KnownFact => other !== undefined);
  return {
    ...at,
    message: `cites ${factName(fact)}, which Parcelwise does not offer: no statement may rest on it`,
    fix: `Remove the claim and say what is true: "${clip(fact.sayThis, 160)}"${instead.length > 0 ? ` Then cite ${instead.map((other) => other.id).join(' or ')} instead.` : ''}`,
  };
}

/** Every citation of every entry, and the `instead` list of every fact. */
function citationProblems(entries: readonly RawEntry[], facts: Map<string, KnownFact>): Problem[] {
  const found: Problem[] = [];
  const walk = (entry: RawEntry, value: unknown, path: Array<string | number>) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(entry, item, [...path, index]));
    else if (value && typeof value === 'object' && !(value instanceof Date))
      for (const [key, item] of Object.entries(value)) {
        const cites = key === 'facts' || (key === 'instead' && entry.source.collection === 'facts');
        if (cites)
          list(item).forEach((id, index) => {
            const problem = citationProblem(entry, [...path, key, index], id, facts);
            if (problem) found.push(problem);
          });
        else walk(entry, item, [...path, key]);
      }
  };
  for (const entry of entries) walk(entry, entry.data, []);
  return found;
}

/**
 * A sentence that says we do not do something ("it isn't a tenant app", "no pilot") names a not-offered
 * claim honestly; every other sentence that names one claims it.
 */
const NEGATION = /\b(?:no|not|never|none|neither|nor|without|cannot)\b|n't\b/i;

/**
 * The facts a unit's sentences state, each with the sentence to report: the first that states it; for a
 * not-offered fact, the first that claims it, or else the first that denies it (which must cite what is
 * true instead).
 */
function statedFacts(unit: ClaimUnit, facts: Map<string, KnownFact>) {
  const stated = new Map<KnownFact, { sentence: ClaimUnit['sentences'][number]; denied: boolean }>();
  for (const sentence of unit.sentences) {
    const lowered = sentence.text.toLowerCase();
    for (const fact of facts.values()) {
      if (!fact.triggers.some((trigger) => matches(trigger, sentence.text, lowered))) continue;
      const denied = fact.status === NOT_OFFERED && NEGATION.test(sentence.text);
      const found = stated.get(fact);
      if (!found || (found.denied && !denied)) stated.set(fact, { sentence, denied });
    }
  }
  return stated;
}

/** A problem at a sentence of a unit. */
const at = (unit: ClaimUnit, sentence: ClaimUnit['sentences'][number], message: string, fix: string): Problem => ({
  file: unit.entry.file,
  line: sentence.line,
  where: unitName(unit),
  message: `says "${clip(sentence.text, 90)}", ${message}`,
  fix,
});

/** A statement of a fact its unit does not cite, and a claim of what Parcelwise does not offer. */
function uncitedProblems(unit: ClaimUnit, facts: Map<string, KnownFact>): Problem[] {
  const field = unit.path.length > 0 ? `\`facts\` of ${unitName(unit)}` : `\`facts\` of the entry`;
  return [...statedFacts(unit, facts)].flatMap(([fact, { sentence, denied }]): Problem[] => {
    const truth = `"${clip(fact.sayThis, 160)}"`;
    if (fact.status !== NOT_OFFERED)
      return unit.cites.includes(fact.id)
        ? []
        : [
            at(
              unit,
              sentence,
              `a claim of ${factName(fact)}, but does not cite it`,
              `Check the statement says what the fact says (${truth}), then add ${fact.id} to ${field} (facts: [${fact.id}]).`,
            ),
          ];
    const instead = fact.instead.length > 0 ? ` and add ${fact.instead.join(' or ')} to ${field}` : '';
    if (!denied)
      return [
        at(
          unit,
          sentence,
          `a claim of ${factName(fact)}, which Parcelwise does not offer`,
          `Remove the claim, or say what is true (${truth})${instead}.`,
        ),
      ];
    return fact.instead.some((id) => unit.cites.includes(id))
      ? []
      : [
          at(
            unit,
            sentence,
            `which says what Parcelwise does not offer (${factName(fact)}) without citing what it does instead`,
            `Keep it true to the fact (${truth})${instead}.`,
          ),
        ];
  });
}

/** A statement in a wording that says the opposite of a fact. */
function contradictionProblems(unit: ClaimUnit, facts: Map<string, KnownFact>): Problem[] {
  return unit.sentences.flatMap((sentence) => {
    const lowered = sentence.text.toLowerCase();
    return [...facts.values()]
      .filter((fact) => fact.contradictions.some((wording) => matches(wording, sentence.text, lowered)))
      .map((fact) => ({
        file: unit.entry.file,
        line: sentence.line,
        where: unitName(unit),
        message: `says "${clip(sentence.text, 90)}", which contradicts ${factName(fact)}`,
        fix: `Say what the fact says: "${clip(fact.sayThis, 200)}"`,
      }));
  });
}

/** Every problem of the citations, of the claims that cite nothing and of the claims worded against their fact. */
export function checkClaims(entries: readonly RawEntry[]): Problem[] {
  const facts = knownFacts(entries);
  const units = entries.flatMap((entry) => claimUnits(entry));
  return [
    ...citationProblems(entries, facts),
    ...units.flatMap((unit) => [...uncitedProblems(unit, facts), ...contradictionProblems(unit, facts)]),
  ];
}
