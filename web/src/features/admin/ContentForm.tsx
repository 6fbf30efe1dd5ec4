import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import type { ContentType } from '../../../../domain/content/constants';
import { slugify } from '../../../../domain/content/slug';
import { ContentFieldControl } from './ContentFieldControl';
import { contentFormSchema, contentFormSections, linkLists, type FormValues } from './content-form';
import { FormActions, useRefusal } from './form-refusal';
import { LinkListEditor } from './LinkListEditor';

export interface ContentFormProps {
  type: ContentType;
  mode: 'create' | 'edit';
  defaultValues: FormValues;
  /** Names of linked items the answer carried (creators, related content, children). */
  labels?: Record<string, string>;
  submitLabel: string;
  /** Sends the checked values (the schema's output); a refusal is thrown and shown here. */
  onSubmit: (values: FormValues) => Promise<void>;
  cancelTo: string;
}

const WIDE = new Set(['textarea', 'json', 'choices', 'tags', 'reference']);

/** The first message anywhere in an error tree (a row of a link list keeps its own one level down). */
function firstErrorPath(errors: FieldErrors<FormValues>, order: string[]): string | undefined {
  for (const name of order) {
    const error = errors[name];
    if (!error) continue;
    if (Array.isArray(error)) {
      const index = error.findIndex(Boolean);
      const row = error[index] as Record<string, unknown> | undefined;
      const field = row ? Object.keys(row).find((key) => key !== 'ref') : undefined;
      return field ? `${name}-${index}-${field}` : name;
    }
    return name;
  }
  return undefined;
}

/**
 * Create or edit one item of a type: its fields by section, its link lists, checked with the shared
 * schema on submit and then live as the member corrects them. A refusal from the server shows in a
 * banner, and under each field it names.
 */
export function ContentForm({ type, mode, defaultValues, labels = {}, submitLabel, onSubmit, cancelTo }: ContentFormProps) {
  const formId = useId();
  const sections = contentFormSections(type);
  const lists = linkLists(type);
  const form = useForm<FormValues>({
    defaultValues,
    resolver: zodResolver(contentFormSchema(type)),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  // While creating, the slug follows the title until the member writes one of their own.
  const slugEdited = useRef(mode === 'edit' || (typeof defaultValues.slug === 'string' && defaultValues.slug !== ''));
  const fieldId = (name: string) => `${formId}-${name}`;
  const order = [...sections.flatMap((s) => s.fields.map((f) => f.name)), ...lists.map((l) => l.name)];

  const focusFirstError = (errors: FieldErrors<FormValues>) => {
    const path = firstErrorPath(errors, order);
    if (!path) return;
    const target = document.getElementById(fieldId(path)) ?? document.querySelector<HTMLElement>(`[id^="${CSS.escape(fieldId(path))}-"]`);
    target?.focus();
  };

  const refusal = useRefusal(form, (path) => order.includes(path.split('.')[0]!));
  const submit = form.handleSubmit(
    (values) => refusal.send(() => onSubmit(values)),
    (errors) => {
      refusal.clear();
      focusFirstError(errors);
    },
  );

  const errorCount = Object.keys(form.formState.errors).length;

  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)} aria-describedby={errorCount > 0 ? `${formId}-summary` : undefined}>
      {refusal.banner}
      {errorCount > 0 && form.formState.isSubmitted && (
        <p className="admin-form__summary" id={`${formId}-summary`}>
          {errorCount === 1 ? 'One field needs your attention.' : `${errorCount} fields need your attention.`}
        </p>
      )}
      {sections.map((section) => (
        <fieldset key={section.id} className="admin-section">
          <legend className="admin-section__title">{section.title}</legend>
          <div className="admin-form__grid">
            {section.fields.map((field) => (
              <div key={field.name} className={WIDE.has(field.widget) || field.name === 'title' ? 'admin-form__cell admin-form__cell--wide' : 'admin-form__cell'}>
                <Controller
                  control={form.control}
                  name={field.name}
                  render={({ field: control, fieldState }) => (
                    <ContentFieldControl
                      field={field}
                      id={fieldId(field.name)}
                      value={control.value}
                      onChange={(value) => {
                        control.onChange(value);
                        if (field.name === 'slug') slugEdited.current = value !== '';
                        if (field.name === 'title' && !slugEdited.current) {
                          const title = typeof value === 'string' ? value : '';
                          form.setValue('slug', title.trim() === '' ? '' : slugify(title), { shouldValidate: form.formState.isSubmitted });
                        }
                      }}
                      onBlur={control.onBlur}
                      error={fieldState.error?.message}
                      labels={labels}
                    />
                  )}
                />
              </div>
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset className="admin-section">
        <legend className="admin-section__title">Links and credits</legend>
        {lists.map((list) => (
          <LinkListEditor key={list.name} list={list} control={form.control} idPrefix={formId} labels={labels} />
        ))}
      </fieldset>
      <FormActions submitting={form.formState.isSubmitting} submitLabel={submitLabel} cancelTo={cancelTo} />
    </form>
  );
}
