// The relative links of a Markdown page, and the heading anchors a page offers, as GitHub makes them.

/** One relative link of a page: its target path (empty for the page itself) and its anchor, if any. */
export interface RelativeLink {
  readonly text: string;
  readonly path: string;
  readonly anchor: string | undefined;
}

/** The page without its fenced code blocks and inline code spans, whose brackets are not links. */
function proseOf(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gmu, '').replace(/`[^`\n]*`/gu, '``');
}

/** Every link and image target of the page that is not a URL with a scheme (https:, mailto:). */
export function relativeLinks(markdown: string): RelativeLink[] {
  const links: RelativeLink[] = [];
  for (const match of proseOf(markdown).matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/gu)) {
    const target = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/iu.test(target)) continue;
    const hash = target.indexOf('#');
    links.push({
      text: match[0],
      path: decodeURIComponent(hash === -1 ? target : target.slice(0, hash)),
      anchor: hash === -1 ? undefined : target.slice(hash + 1),
    });
  }
  return links;
}

/** GitHub's anchor for a heading text: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/<[^>]+>/gu, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /gu, '-');
}

/** The anchors of every heading of a page; a repeated heading gets `-1`, `-2`, ... as on GitHub. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gmu, '');
  for (const match of withoutCode.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gmu)) {
    const slug = headingSlug(match[1] ?? '');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count.toString()}`);
  }
  return anchors;
}
