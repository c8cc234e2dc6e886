// The components MDX content may use without importing them: pages pass this map to `<Content />`,
// so lessons never import by a relative path (content/README.md lists them for editors). `table` wraps
// every Markdown table in a scroll region.
import KnowledgeCheck from './KnowledgeCheck.astro';
import WideTable from './WideTable.astro';

export const mdxComponents = { KnowledgeCheck, table: WideTable };
