import type { BadgeTone } from '@/Components/Badge';
import type { ReceiptState } from '../../../../shared/portal';

/** The badge colour of an insight's status for its reader. */
export const receiptTone: Record<ReceiptState, BadgeTone> = { new: 'brand', read: 'neutral', acknowledged: 'success' };
