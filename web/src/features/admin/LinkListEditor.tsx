import { Controller, useFieldArray, useFormState, useWatch, type Control, type FieldError } from 'react-hook-form';
import { TYPE_LABELS } from '../../../../domain/content/constants';
import { Button } from '../../ui/Button';
import { NumberField, SelectField, TextField, ToggleField } from '../../ui/fields';
import { newLinkRow, RELATION_OPTIONS, ROLE_OPTIONS, type FormValues, type LinkListSpec } from './content-form';
import { ReferencePicker } from './ReferencePicker';

export interface LinkListEditorProps {
  list: LinkListSpec;
  control: Control<FormValues>;
  idPrefix: string;
  labels: Record<string, string>;
}

type RowErrors = Record<string, FieldError | undefined>;

/** The message for the list as a whole ('Each book may be linked once'). */
function listMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message, root } = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof message === 'string') return message;
  return typeof root?.message === 'string' ? root.message : undefined;
}

const entryName = (list: LinkListSpec) => (list.target === 'CREATOR' ? 'Creator' : list.target ? TYPE_LABELS[list.target] : 'Content');

/**
 * A list of links to other items, each row the item chosen by search, its position and what the list
 * adds (a creator's role, a relation's kind, a track step's note and whether it is required).
 */
export function LinkListEditor({ list, control, idPrefix, labels }: LinkListEditorProps) {
  // FormValues is an open record, for which react-hook-form cannot name array fields: the lists are typed here.
  const { fields, append, remove } = useFieldArray({ control: control as unknown as Control<Record<string, Record<string, unknown>[]>>, name: list.name });
  const { errors } = useFormState({ control, name: list.name });
  const rows = useWatch({ control, name: list.name }) as Record<string, unknown>[] | undefined;
  const rowErrors = (errors[list.name] as unknown as RowErrors[] | undefined) ?? [];
  const whole = listMessage(errors[list.name]);
  const rowId = (index: number, field: string) => `${idPrefix}-${list.name}-${index}-${field}`;
  const name = entryName(list);

  return (
    <fieldset className="link-list" aria-describedby={`${idPrefix}-${list.name}-hint`}>
      <legend className="link-list__title">{list.label}</legend>
      <p className="field__hint" id={`${idPrefix}-${list.name}-hint`}>
        {list.hint}
      </p>
      {fields.length === 0 && <p className="link-list__empty">None yet.</p>}
      <ol className="link-list__rows">
        {fields.map((row, index) => {
          const rowError = (field: string) => rowErrors[index]?.[field]?.message;
          return (
            <li key={row.id} className="link-list__row">
              <Controller
                control={control}
                name={`${list.name}.${index}.${list.idField}`}
                render={({ field }) => (
                  <ReferencePicker
                    id={rowId(index, list.idField)}
                    label={`${name} ${index + 1}`}
                    required
                    target={list.target}
                    labels={labels}
                    value={typeof field.value === 'string' ? field.value : ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={rowError(list.idField)}
                  />
                )}
              />
              <Controller
                control={control}
                name={`${list.name}.${index}.orderIndex`}
                render={({ field }) => (
                  <NumberField
                    id={rowId(index, 'orderIndex')}
                    label="Position"
                    className="link-list__order"
                    allowNegative={false}
                    allowDecimals={false}
                    value={typeof field.value === 'number' ? field.value : null}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={rowError('orderIndex')}
                  />
                )}
              />
              {list.extra.includes('role') && (
                <Controller
                  control={control}
                  name={`${list.name}.${index}.role`}
                  render={({ field }) => (
                    <SelectField id={rowId(index, 'role')} label="Role" options={ROLE_OPTIONS} value={typeof field.value === 'string' ? field.value : ''} onChange={field.onChange} onBlur={field.onBlur} error={rowError('role')} />
                  )}
                />
              )}
              {list.extra.includes('relationType') && (
                <Controller
                  control={control}
                  name={`${list.name}.${index}.relationType`}
                  render={({ field }) => (
                    <SelectField id={rowId(index, 'relationType')} label="Relation" options={RELATION_OPTIONS} value={typeof field.value === 'string' ? field.value : ''} onChange={field.onChange} onBlur={field.onBlur} error={rowError('relationType')} />
                  )}
                />
              )}
              {list.extra.includes('description') && (
                <Controller
                  control={control}
                  name={`${list.name}.${index}.description`}
                  render={({ field }) => (
                    <TextField id={rowId(index, 'description')} label="Note" type="text" value={typeof field.value === 'string' ? field.value : ''} onChange={(event) => field.onChange(event.target.value)} onBlur={field.onBlur} error={rowError('description')} />
                  )}
                />
              )}
              {list.extra.includes('isRequired') && (
                <Controller
                  control={control}
                  name={`${list.name}.${index}.isRequired`}
                  render={({ field }) => <ToggleField id={rowId(index, 'isRequired')} label="Required" value={field.value === true} onChange={field.onChange} onBlur={field.onBlur} />}
                />
              )}
              <Button variant="ghost" size="sm" className="link-list__remove" onClick={() => remove(index)}>
                Remove {name.toLowerCase()} {index + 1}
              </Button>
            </li>
          );
        })}
      </ol>
      {whole && (
        <p className="field__error" role="alert">
          {whole}
        </p>
      )}
      <div>
        <Button variant="secondary" size="sm" onClick={() => append(newLinkRow(list, rows ?? []))}>
          {list.addLabel}
        </Button>
      </div>
    </fieldset>
  );
}
