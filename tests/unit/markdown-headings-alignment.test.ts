import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../server/lib/markdown';

/** Insight bodies sit under the page's own <h1> (Show, public page, preview): issue #24 item 7. */
describe('Markdown headings in an insight', () => {
  it('shifts every heading down one level, so "# Title" is never a second <h1>', () => {
    const html = renderMarkdown('# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six');
    expect(html).not.toContain('<h1');
    expect(html).toContain('<h2>One</h2>');
    expect(html).toContain('<h3>Two</h3>');
    expect(html).toContain('<h4>Three</h4>');
    expect(html).toContain('<h5>Four</h5>');
    expect(html).toContain('<h6>Five</h6>');
    // Clamped: an <h6> stays an <h6>.
    expect(html).toContain('<h6>Six</h6>');
  });

  it('shifts raw HTML headings too, and setext headings', () => {
    const html = renderMarkdown('<h1 id="x" class="big">Raw</h1>\n\nSetext\n======');
    expect(html).not.toContain('<h1');
    expect(html).toContain('<h2>Raw</h2>');
    expect(html).toContain('<h2>Setext</h2>');
  });
});

describe('Markdown table alignment', () => {
  it('keeps left/right/center from |:--|--:|:-:| on headers and cells', () => {
    const html = renderMarkdown('| L | R | C | N |\n|:--|--:|:-:|---|\n| 1 | 2 | 3 | 4 |');
    expect(html).toContain('<th align="left">L</th>');
    expect(html).toContain('<th align="right">R</th>');
    expect(html).toContain('<th align="center">C</th>');
    expect(html).toContain('<th>N</th>');
    expect(html).toContain('<td align="left">1</td>');
    expect(html).toContain('<td align="right">2</td>');
    expect(html).toContain('<td align="center">3</td>');
    expect(html).toContain('<td>4</td>');
  });

  it('lets only left, center and right through, and never a style attribute', () => {
    const html = renderMarkdown('<table><tr><th align="justify">a</th><td align="RIGHT" style="color:red">b</td><td align="right;x">c</td></tr></table>');
    expect(html).toContain('<th>a</th>');
    expect(html).toContain('<td align="right">b</td>');
    expect(html).toContain('<td>c</td>');
    expect(html).not.toContain('style');
  });
});
