import { Fragment } from 'react';

/**
 * A URL or path that wraps only after a slash (never "/org-lo gin"), and breaks inside a part
 * only when that part alone is wider than the line.
 */
export function UrlText({ value }: { value: string }) {
  const parts = value.split(/(?<=\/)/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}

export default UrlText;
