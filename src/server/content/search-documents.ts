/**
 * The documents of the search, built from the other content modules: the search service
 * (src/server/search/search.ts) indexes them once per process. Each document is a PLACE a reader
 * can be sent to — a lesson section, a glossary entry, a play of a sales situation, an integration card —
 * with the deep link that lands on it. Only text staff can read on those pages: never quiz options, answer
 * keys or explanations, never a knowledge check's answer.
 *
 * The builders by concept live in ./search-documents/.
 */
import { buyerPlaces } from './search-documents/buyers';
import { companyPlaces } from './search-documents/company';
import { industryPlaces, synonymSets } from './search-documents/industry';
import { learningPlaces } from './search-documents/learning';
import type { SearchPlace } from './search-documents/place';
import { productPlaces, resourcePlaces, situationPlaces } from './search-documents/sales';
import { salesKitPlaces } from './search-documents/sales-kit';
import { salesToolPlaces } from './search-documents/sales-tools';

export interface SearchDocuments {
  places: SearchPlace[];
  /** Sets of phrases that mean the same: an abbreviation and its expansion, a glossary term and its alias. */
  synonyms: string[][];
}

export async function getSearchDocuments(): Promise<SearchDocuments> {
  const [learning, buyers, industry, situations, product, resources, company, salesKit, salesTools, synonyms] = await Promise.all([
    learningPlaces(),
    buyerPlaces(),
    industryPlaces(),
    situationPlaces(),
    productPlaces(),
    resourcePlaces(),
    companyPlaces(),
    salesKitPlaces(),
    salesToolPlaces(),
    synonymSets(),
  ]);
  return { places: [...learning, ...buyers, ...industry, ...situations, ...product, ...resources, ...company, ...salesKit, ...salesTools], synonyms };
}
