/**
 * The state of a small form checked in the browser before it is sent (the password forms): values,
 * one message per field, and the habits of the magic-link form: nothing is flagged while typing,
 * a submit shows every message and moves focus to the first field at fault, and a message once
 * shown follows the text, so it goes as soon as the field is right.
 */
import { useCallback, useState, type FormEvent } from 'react';
import { safeParse, type core } from 'zod/mini';
import { fieldErrorsOf, type FieldErrors } from './forms';

export function useCheckedForm<K extends string, Out>(schema: core.$ZodType<Out>, initial: Record<K, string>, ids: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const order = Object.keys(initial) as K[];

  const check = useCallback(
    (next: Record<K, string>): { data: Out } | { errors: FieldErrors<K> } => {
      const parsed = safeParse(schema, next);
      return parsed.success ? { data: parsed.data } : { errors: fieldErrorsOf<K>(parsed.error) };
    },
    [schema],
  );

  const focus = useCallback((field: K) => document.getElementById(ids[field])?.focus(), [ids]);

  const setValue = (field: K, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field] === undefined) return;
    const result = check(next);
    const message = 'errors' in result ? result.errors[field] : undefined;
    setErrors((current) => ({ ...current, [field]: message }));
  };

  /** The checked values, or null after showing the messages and focusing the first field at fault. */
  const validate = (): Out | null => {
    const result = check(values);
    if ('data' in result) {
      setErrors({});
      return result.data;
    }
    setErrors(result.errors);
    const first = order.find((field) => result.errors[field] !== undefined);
    if (first) focus(first);
    return null;
  };

  /** Messages the server sent for some fields (the banner says the rest); focus goes to the first. */
  const showServerErrors = (fields: Record<string, string>) => {
    const known = order.filter((field) => fields[field] !== undefined);
    if (known.length === 0) return;
    setErrors(Object.fromEntries(known.map((field) => [field, fields[field]])) as FieldErrors<K>);
    focus(known[0]!);
  };

  const [submitting, setSubmitting] = useState(false);

  /** The form's submit handler: checks the values, then runs `send` with them, one at a time, `submitting` while it runs. */
  const submitWith = (send: (data: Out) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const data = validate();
    if (!data) return;
    setSubmitting(true);
    try {
      await send(data);
    } finally {
      setSubmitting(false);
    }
  };

  return { values, setValues, errors, setValue, validate, showServerErrors, focus, submitting, submitWith };
}
