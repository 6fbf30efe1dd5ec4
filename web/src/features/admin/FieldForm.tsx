import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ContentFieldControl } from './ContentFieldControl';
import type { ContentFieldSpec, FormValues } from './content-form';
import { FormActions, useRefusal } from './form-refusal';

/** A group of fields; a titled one is a fieldset with its legend. */
export interface FieldGroup {
  id: string;
  title?: string;
  fields: ContentFieldSpec[];
}

export interface FieldFormProps {
  groups: FieldGroup[];
  /** The shared schema the server parses with: its messages show under the fields. */
  schema: z.ZodType<FormValues, FormValues>;
  defaultValues: FormValues;
  submitLabel: string;
  /** Sends the checked values (the schema's output); a refusal is thrown and shown here. */
  onSubmit: (values: FormValues) => Promise<void>;
  cancelTo: string;
}

const WIDE = new Set(['textarea', 'json', 'tags', 'reference']);

/**
 * A form of plain fields (a creator, a media asset): checked with the shared schema on submit and
 * then live as the member corrects them; the first field in error takes the focus. The server's
 * refusal shows in a banner (focused), and under each field it names.
 */
export function FieldForm({ groups, schema, defaultValues, submitLabel, onSubmit, cancelTo }: FieldFormProps) {
  const formId = useId();
  const form = useForm<FormValues>({ defaultValues, resolver: zodResolver(schema), mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false });
  const fields = groups.flatMap((group) => group.fields);
  const fieldId = (name: string) => `${formId}-${name}`;
  const refusal = useRefusal(form, (path) => fields.some((f) => f.name === path));
  const submit = form.handleSubmit(
    (values) => refusal.send(() => onSubmit(values)),
    (errors) => {
      refusal.clear();
      const first = fields.find((f) => errors[f.name]);
      if (first) document.getElementById(fieldId(first.name))?.focus();
    },
  );

  const grid = (group: FieldGroup) => (
    <div className="admin-form__grid">
      {group.fields.map((field) => (
        <div key={field.name} className={WIDE.has(field.widget) ? 'admin-form__cell admin-form__cell--wide' : 'admin-form__cell'}>
          <Controller
            control={form.control}
            name={field.name}
            render={({ field: control, fieldState }) => (
              <ContentFieldControl field={field} id={fieldId(field.name)} value={control.value} onChange={control.onChange} onBlur={control.onBlur} error={fieldState.error?.message} labels={{}} />
            )}
          />
        </div>
      ))}
    </div>
  );

  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
      {refusal.banner}
      {groups.map((group) =>
        group.title ? (
          <fieldset key={group.id} className="admin-section">
            <legend className="admin-section__title">{group.title}</legend>
            {grid(group)}
          </fieldset>
        ) : (
          <div key={group.id}>{grid(group)}</div>
        ),
      )}
      <FormActions submitting={form.formState.isSubmitting} submitLabel={submitLabel} cancelTo={cancelTo} />
    </form>
  );
}
