import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../Button';
import { classNames, type Size } from '../size';
import { FormField } from './FormField';
import { fieldErrors, initialValues, isRendered, submittedValues, widthClass, type FormFieldConfig, type FormFieldGroup, type FormValues } from './form-fields';
import { loadLibraryFields, needsLibraryFields } from './library-fields';
import { VALIDATION_FAILED_MESSAGE } from '../../../../domain/flow/machine';
import { stepFailureMessage } from './failure';
import type { FlowStepProps } from './step';
import './flow.css';

export const SUBMIT_LABEL = 'Continue';
export const SUBMITTING_LABEL = 'Submitting...';

export interface FormStepProps extends Partial<FlowStepProps> {
  /** The fields, or `groups` of fields with a title and description. */
  fields?: FormFieldConfig[];
  groups?: FormFieldGroup[];
  /** Spec 001 §5: the form's rules come from a supplied schema; its messages show under the fields. */
  schema?: z.ZodType<unknown, FormValues>;
  defaultValues?: FormValues;
  /** Runs before the flow moves on; a failure shows in the flow's error banner (or the form's, outside a flow). */
  onSubmit?: (values: FormValues) => void | Promise<void>;
  onCancel?: () => void;
  submitLabel?: string;
  cancelLabel?: string;
  size?: Size;
}

const isValues = (value: unknown): value is FormValues => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first message in a schema error, which for a list or object field may sit one level down. */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  for (const inner of Object.values(error)) {
    const found = firstMessage(inner);
    if (found) return found;
  }
  return undefined;
}

function formResolver(fields: FormFieldConfig[], schema: FormStepProps['schema']): Resolver<FormValues> {
  const schemaResolver = schema ? zodResolver(schema as z.ZodType<FormValues, FormValues>) : null;
  return async (allValues, context, options) => {
    const values = submittedValues(fields, allValues);
    const errors: Record<string, FieldError> = {};
    const rules = needsLibraryFields(fields) ? await loadLibraryFields() : {};
    for (const [name, message] of Object.entries(fieldErrors(fields, values, rules))) errors[name] = { type: 'field', message };
    let parsed: FormValues = values;
    if (schemaResolver) {
      const result = await schemaResolver(values, context, options);
      // The field's own message (required, format) comes first; the schema speaks for the rest.
      for (const [name, error] of Object.entries(result.errors)) {
        if (!(name in errors)) errors[name] = { type: 'schema', message: firstMessage(error) ?? VALIDATION_FAILED_MESSAGE };
      }
      parsed = result.values as FormValues;
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<FormValues> } : { values: parsed, errors: {} };
  };
}

/**
 * The generic form step (spec 001 §2): configured fields in widths on a 12-column grid, optional groups
 * with a title and description, an optional Cancel, and 'Continue' that reads 'Submitting...' while the
 * form is sent. Inside a flow it hands its values to the flow (`next`), which keeps them under the step id.
 */
export function FormStep({
  fields = [],
  groups,
  schema,
  defaultValues,
  onSubmit,
  onCancel,
  submitLabel = SUBMIT_LABEL,
  cancelLabel = 'Cancel',
  size = 'md',
  data,
  next,
  fail,
}: FormStepProps) {
  const formId = useId();
  const allGroups = useMemo<FormFieldGroup[]>(() => groups ?? [{ fields }], [groups, fields]);
  const allFields = useMemo(() => allGroups.flatMap((group) => group.fields), [allGroups]);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // Follows the props (react-hook-form reads the resolver afresh on every render): new fields or a new
  // schema check the next submit.
  const resolver = useMemo(() => formResolver(allFields, schema), [allFields, schema]);
  const form = useForm<FormValues>({
    // Values the member already gave this step (going Back and forth) win over the defaults.
    defaultValues: initialValues(allFields, { ...defaultValues, ...(isValues(data) ? data : {}) }),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const values = form.watch();
  const fieldId = (name: string) => `${formId}-${name}`;

  const submit = form.handleSubmit(
    async (valid) => {
      setSubmitError(null);
      try {
        await onSubmit?.(valid);
        await next?.(valid);
      } catch (error) {
        const message = stepFailureMessage(error);
        if (fail) fail(message);
        else setSubmitError(message);
      }
    },
    (errors) => {
      const first = allFields.find((field) => errors[field.name]);
      if (first) document.getElementById(fieldId(first.name))?.focus();
    },
  );

  const submitting = form.formState.isSubmitting;
  return (
    <form className="form-step" noValidate onSubmit={(event) => void submit(event)}>
      {submitError && (
        <div className="form-step__error" role="alert">
          {submitError}
        </div>
      )}
      {allGroups.map((group, index) => {
        const cells = group.fields
          .filter((field) => !field.hidden && isRendered(field, values))
          .map((field) => (
            <div key={field.name} className={classNames('form-step__cell', widthClass(field.width))}>
              <Controller
                control={form.control}
                name={field.name}
                render={({ field: control, fieldState }) => (
                  <FormField
                    field={field}
                    id={fieldId(field.name)}
                    value={control.value}
                    onChange={control.onChange}
                    onBlur={control.onBlur}
                    error={fieldState.error?.message}
                    size={size}
                  />
                )}
              />
            </div>
          ));
        if (!group.title && !group.description) {
          return (
            <div key={index} className="form-step__grid">
              {cells}
            </div>
          );
        }
        return (
          <fieldset key={index} className="form-step__group">
            {group.title && <legend className="form-step__group-title">{group.title}</legend>}
            {group.description && <p className="form-step__group-description">{group.description}</p>}
            <div className="form-step__grid">{cells}</div>
          </fieldset>
        );
      })}
      <div className="form-step__actions">
        {onCancel && (
          <Button variant="secondary" size={size} onClick={onCancel} disabled={submitting}>
            {cancelLabel}
          </Button>
        )}
        <Button type="submit" size={size} disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? SUBMITTING_LABEL : submitLabel}
        </Button>
      </div>
    </form>
  );
}
