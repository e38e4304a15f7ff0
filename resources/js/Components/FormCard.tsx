import type { FormEvent, ReactNode } from 'react';
import { Button } from './Button';
import { Card } from './Card';
import { FormActions } from './FormActions';
import { Icon } from './Icon';

export interface FormCardProps {
  onSubmit: () => void;
  submitLabel: string;
  cancelHref: string;
  processing: boolean;
  /** A form-wide error (a limit, a conflict) shown above the fields. */
  formError?: string;
  /** Left of the footer (Delete, Restore…). */
  secondaryActions?: ReactNode;
  recentlySuccessful?: boolean;
  children: ReactNode;
}

/** The shell of a resource's shared Form: a card of fields with Cancel and submit in its footer. */
export function FormCard({ onSubmit, submitLabel, cancelHref, processing, formError, secondaryActions, recentlySuccessful, children }: FormCardProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Card
        footer={
          <FormActions align="between" recentlySuccessful={recentlySuccessful}>
            <div className="flex gap-2">{secondaryActions}</div>
            <div className="flex gap-2">
              <Button href={cancelHref} variant="secondary">
                Cancel
              </Button>
              <Button type="submit" processing={processing}>
                {submitLabel}
              </Button>
            </div>
          </FormActions>
        }
      >
        {formError ? (
          <div role="alert" className="mb-6 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-200">
            <Icon name="alert" className="size-5 shrink-0" />
            <p>{formError}</p>
          </div>
        ) : null}
        {children}
      </Card>
    </form>
  );
}

export default FormCard;
