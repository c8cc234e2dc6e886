// Every content collection, grouped by concept. Each group lives in src/collections/<concept>.ts with
// its loaders; each collection's zod schema is documented in src/schemas/<concept>.ts.
import { buyersCollections } from './collections/buyers';
import { coachCollections } from './collections/coach';
import { companyCollections } from './collections/company';
import { industryCollections } from './collections/industry';
import { learningCollections } from './collections/learning';
import { externalToolsCollections } from './collections/external-tools';
import { factCollections } from './collections/facts';
import { productCollections } from './collections/product';
import { practiceCollections } from './collections/practice';
import { outcomeCollections } from './collections/outcomes';
import { programCollections } from './collections/programs';
import { salesKitCollections } from './collections/sales-kit';

export const collections = {
  ...companyCollections,
  ...industryCollections,
  ...buyersCollections,
  ...productCollections,
  ...learningCollections,
  ...externalToolsCollections,
  ...coachCollections,
  ...salesKitCollections,
  ...programCollections,
  ...factCollections,
  ...practiceCollections,
  ...outcomeCollections,
};
