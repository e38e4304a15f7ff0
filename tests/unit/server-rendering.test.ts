import { describe, expect, it } from 'vitest';
import { renderablePages } from '../../resources/js/ssr';
import { SERVER_RENDERED_PAGES } from '../../shared/server-rendering';

describe('the server-rendered pages', () => {
  it('the renderer bundles exactly the pages the list names', () => {
    expect(renderablePages().sort()).toEqual([...SERVER_RENDERED_PAGES].sort());
  });
});
