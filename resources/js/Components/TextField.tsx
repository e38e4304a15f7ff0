import type { ReactNode } from 'react';
import { Field } from './Field';
import { TextInput, type TextInputProps } from './TextInput';

/** The part of Inertia's `useForm` a text field needs. */
interface FormState<T> {
  data: T;
  errors: Partial<Record<keyof T, string>>;
  setData(key: keyof T, value: string): void;
}

type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

export interface TextFieldProps<T> extends Omit<TextInputProps, 'form' | 'name' | 'value' | 'onChange'> {
  form: FormState<T>;
  /** The form key: the input's name, value, change handler and error all follow from it. */
  name: TextKeys<T>;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  /** Overrides `form.errors[name]` (e.g. to show a related field's error here). */
  error?: string;
}

/** A labelled text input bound to one key of an Inertia form. */
export function TextField<T>({ form, name, label, hint, optional, error, ...input }: TextFieldProps<T>) {
  return (
    <Field label={label} hint={hint} optional={optional} error={error ?? form.errors[name]}>
      {(props) => <TextInput {...props} {...input} name={name} value={form.data[name] as string} onChange={(e) => form.setData(name, e.target.value)} />}
    </Field>
  );
}

export default TextField;
