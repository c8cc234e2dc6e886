// Content collections of this concept, registered in src/content.config.ts.
export const coachCollections = {};
