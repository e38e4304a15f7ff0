import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown } from '../../../server/lib/markdown';

/** The renderer behind every insight page (signed in, public, preview): what survives and what never does. */
describe('renderMarkdown', () => {
  it('renders ordinary Markdown: headings, emphasis, lists, quotes, code, tables, task lists, links', () => {
    const html = renderMarkdown(
      '# Title\n\n**bold** *em* ~~del~~ `code`\n\n- a\n- b\n\n1. one\n\n> quote\n\n```js\nconst x = 1;\n```\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |\n\n- [x] done\n\n[site](https://example.com "t") <mailto:a@b.test>',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong> <em>em</em> <del>del</del> <code>code</code>');
    expect(html).toContain('<ul>\n<li>a</li>');
    expect(html).toContain('<ol>\n<li>one</li>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<pre><code class="language-js">const x = 1;\n</code></pre>');
    expect(html).toContain('<th align="center">a</th>');
    expect(html).toContain('<input type="checkbox" disabled checked /> done');
    expect(html).toContain('<a href="https://example.com" title="t" rel="noopener noreferrer nofollow">site</a>');
    expect(html).toContain('<a href="mailto:a@b.test" rel="noopener noreferrer nofollow">mailto:a@b.test</a>');
  });

  it('keeps https images only, lazy and without a referrer', () => {
    expect(renderMarkdown('![chart](https://cdn.example/c.png)')).toBe('<p><img alt="chart" src="https://cdn.example/c.png" loading="lazy" referrerpolicy="no-referrer" /></p>\n');
    for (const src of ['http://cdn.example/c.png', 'data:image/png;base64,AAAA', '/board-users/export', '//evil.example/x.png', 'x']) {
      expect(renderMarkdown(`![c](${src})`)).not.toContain('<img');
    }
  });

  const payloads = [
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
    '<img src=x onerror=alert(1)>',
    '<img src="https://ok.example/a.png" onerror="alert(1)">',
    '<svg onload=alert(1)>',
    '<svg><script>alert(1)</script></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](javascript&colon;alert(1))',
    '[x](jav&#x09;ascript:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](data:text/html,<script>alert(1)</script>)',
    '[x][ref]\n\n[ref]: javascript:alert(1)',
    '![x](javascript:alert(1))',
    '<javascript:alert(1)>',
    '"><script>alert(1)</script>',
    "'><img src=x onerror=alert(1)>",
    '<div style="background:url(javascript:alert(1))">s</div>',
    '<style>body{background:url(javascript:alert(1))}</style>',
    '<details open ontoggle=alert(1)>',
    '<input autofocus onfocus=alert(1)>',
    '<form action="javascript:alert(1)"><button>x</button></form>',
    '<button formaction="javascript:alert(1)">x</button>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<a href="https://ok.example" onclick="alert(1)" target="_blank">x</a>',
    '<p class="x" id="y" style="color:red" data-x="1">p</p>',
  ];

  it.each(payloads)('neutralises %s', (payload) => {
    const html = renderMarkdown(payload);
    expect(html).not.toMatch(/<(script|iframe|object|embed|svg|math|style|form|button|meta|base|details|noscript)\b/i);
    expect(html).not.toMatch(/<input(?![^>]*type="checkbox")/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/(href|src|action|formaction|data)\s*=\s*"\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/\s(style|class|id|target|data-x)=/i);
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https?:|mailto:)/);
  });

  it('gives every link rel="noopener noreferrer nofollow", replacing any rel of the author', () => {
    expect(renderMarkdown('<a href="https://x.example" rel="opener">x</a>')).toBe('<p><a href="https://x.example" rel="noopener noreferrer nofollow">x</a></p>\n');
  });
});

describe('markdownToText', () => {
  it('gives plain text for descriptions, without markup or scripts, shortened with an ellipsis', () => {
    expect(markdownToText('# Hi *there*\n\n<script>alert(1)</script>A & B "q"')).toBe('Hi there A & B "q"');
    expect(markdownToText('word '.repeat(100), 20)).toBe('word word word word…');
  });
});
