// Issue 40: how an owner's policy text (settings.policies) is read: a small, safe subset of Markdown. Blocks are
// separated by blank lines; a line starting `#`..`###` is a heading, lines starting `- ` or `* ` a list, any other
// lines a paragraph (its lines joined). No inline markup and no HTML: the web renders each block's text as text, so
// whatever the owner types (`<script>`, `[x](javascript:…)`) shows as typed and can never become markup.

export type PolicyBlock =
  { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const HEADING = /^#{1,3}\s+(.*)$/;
const ITEM = /^[-*]\s+(.*)$/;

/** The blocks of a policy text, in order; empty text, empty list. */
export function policyBlocks(text: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  let paragraph: string[] = [];
  let items: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (items.length) blocks.push({ kind: 'list', items });
    paragraph = [];
    items = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const item = ITEM.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      if (heading[1]!.trim()) blocks.push({ kind: 'heading', text: heading[1]!.trim() });
    } else if (item) {
      if (paragraph.length) flush();
      items.push(item[1]!.trim());
    } else {
      if (items.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** The first paragraph's text (a page's description), at most `max` characters. */
export function policySummary(blocks: PolicyBlock[], max = 160): string | undefined {
  const first = blocks.find((b) => b.kind === 'paragraph');
  if (!first || first.kind !== 'paragraph') return undefined;
  return first.text.length <= max ? first.text : `${first.text.slice(0, max - 1).trimEnd()}…`;
}
