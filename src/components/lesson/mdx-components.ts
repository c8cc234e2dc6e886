// The components MDX content may use without importing them: pages pass this map to `<Content />`,
// so lessons never import by a relative path (content/README.md lists them for editors).
import KnowledgeCheck from './KnowledgeCheck.astro';

export const mdxComponents = { KnowledgeCheck };
