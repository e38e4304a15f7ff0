import { Link } from '@inertiajs/react';
import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cx } from './cx';
import { Icon } from './Icon';
import { chevronDownIcon } from './icons/chevron-down';
import { chevronUpDownIcon } from './icons/chevron-up-down';
import { chevronUpIcon } from './icons/chevron-up';

/**
 * Table pieces. Below `sm` (phones) every row becomes a card: the header row is hidden, each
 * cell shows its `label` beside its value, and `actions` cells line up at the card's foot, so
 * nothing hides off-screen in a sideways scroll. From `sm` up it is a plain table. The caption
 * is required and visually hidden.
 *
 *   <Table caption="Board users">
 *     <THead><Tr><Th>Name</Th><Th align="right">Joined</Th></Tr></THead>
 *     <TBody><Tr><Td strong>…</Td><Td label="Joined">…</Td><Td actions>…</Td></Tr></TBody>
 *   </Table>
 */
export interface TableProps extends HTMLAttributes<HTMLTableElement> {
  /** Read by screen readers (visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  /** Classes of the scrolling wrapper. */
  wrapperClassName?: string;
}

export function Table({ caption, showCaption, wrapperClassName, className, children, ...props }: TableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to scroll (axe: scrollable-region-focusable)
    <div className={cx('w-full sm:overflow-x-auto', wrapperClassName)} tabIndex={0} role="region" aria-label={caption}>
      <table className={cx('w-full min-w-full border-collapse text-left text-sm max-sm:block', className)} {...props}>
        <caption className={showCaption ? 'px-4 py-2 text-left text-sm text-slate-600 dark:text-slate-400' : 'sr-only'}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function THead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cx('border-b border-slate-200 bg-slate-50 max-sm:hidden dark:border-slate-700 dark:bg-slate-800/50', className)} {...props} />;
}

export function TBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cx('divide-y divide-slate-200 max-sm:block dark:divide-slate-700/70', className)} {...props} />;
}

export function Tr({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      className={cx(
        'hover:bg-slate-50/70 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:justify-end max-sm:gap-x-2 max-sm:gap-y-1.5 max-sm:px-4 max-sm:py-3 dark:hover:bg-slate-800/40',
        className,
      )}
      {...props}
    />
  );
}

type Align = 'left' | 'center' | 'right';
const alignClass = (align?: Align) => (align === 'right' ? 'text-right' : align === 'center' ? 'text-center' : 'text-left');

export interface ThProps extends Omit<ThHTMLAttributes<HTMLTableCellElement>, 'align'> {
  align?: Align;
  /** Current sort of this column; sets aria-sort. */
  sorted?: 'asc' | 'desc' | null;
  /** When given, the heading is a link that sorts by this column. */
  sortHref?: string;
}

export function Th({ align, sorted, sortHref, className, children, scope = 'col', ...props }: ThProps) {
  const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : sortHref ? 'none' : undefined;
  return (
    <th
      scope={scope}
      aria-sort={ariaSort}
      className={cx('px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-300', alignClass(align), className)}
      {...props}
    >
      {sortHref ? (
        <Link href={sortHref} preserveState preserveScroll className="group inline-flex items-center gap-1 rounded hover:text-slate-900 dark:hover:text-white">
          {children}
          <Icon
            icon={sorted === 'asc' ? chevronUpIcon : sorted === 'desc' ? chevronDownIcon : chevronUpDownIcon}
            className={cx('size-3.5', sorted ? 'opacity-100' : 'opacity-40 group-hover:opacity-100')}
          />
        </Link>
      ) : (
        children
      )}
    </th>
  );
}

export interface TdProps extends Omit<TdHTMLAttributes<HTMLTableCellElement>, 'align'> {
  align?: Align;
  /** Emphasised cell (first column, names): the title of the card on phones. */
  strong?: boolean;
  /** The column's name, shown beside the value on phones (where the header row is hidden). */
  label?: string;
  /** Buttons: on phones they sit side by side at the foot of the card. */
  actions?: boolean;
}

export function Td({ align, strong, label, actions, className, children, ...props }: TdProps) {
  return (
    <td
      className={cx(
        'px-4 py-3 align-middle',
        strong ? 'font-medium text-slate-900 dark:text-white' : 'text-slate-700 dark:text-slate-300',
        alignClass(align),
        // Phones: a line of the card (label | value), or a button group at its foot.
        actions
          ? 'max-sm:block max-sm:w-auto max-sm:p-0 max-sm:pt-1.5'
          : label
            ? 'max-sm:grid max-sm:w-full max-sm:grid-cols-[minmax(6rem,35%)_1fr] max-sm:gap-x-3 max-sm:p-0 max-sm:text-left'
            : 'max-sm:block max-sm:w-full max-sm:p-0 max-sm:text-left',
        className,
      )}
      {...props}
    >
      {label ? (
        <>
          <span className="text-xs font-medium text-slate-500 sm:hidden dark:text-slate-400">{label}</span>
          <div className="min-w-0">{children}</div>
        </>
      ) : (
        children
      )}
    </td>
  );
}

/** A full-width row for "No results" inside TBody. */
export function TableEmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-slate-500 max-sm:block dark:text-slate-400">
        {children}
      </td>
    </tr>
  );
}

export default Table;
