/**
 * The creator editor's model (spec 002 §3, §5 Creator): its fields, the values a new creator starts
 * from and an existing one loads into, and the shared schema with the spec's messages ('Name is
 * required', 'Valid email is required', 'Valid image URL is required').
 */
import type { z } from 'zod';
import { creatorSaveSchema } from '../../../../domain/content/schemas';
import type { ContentFieldSpec, FormValues } from './content-form';

export const CREATOR_FIELDS: ContentFieldSpec[] = [
  { name: 'name', label: 'Name', widget: 'text', required: true },
  { name: 'slug', label: 'Slug', widget: 'text', required: false, hint: 'Lowercase letters, numbers and hyphens. Left empty, it is made from the name.' },
  { name: 'title', label: 'Title', widget: 'text', required: false, hint: 'As in Professor of Philosophy.' },
  { name: 'organization', label: 'Organization', widget: 'text', required: false },
  { name: 'creatorType', label: 'Kind of creator', widget: 'text', required: false, hint: 'As in Author, Scholar, Speaker.' },
  { name: 'email', label: 'Email', widget: 'email', required: false },
  { name: 'imageUrl', label: 'Image URL', widget: 'url', required: false },
  { name: 'featured', label: 'Featured', widget: 'toggle', required: false },
  { name: 'expertise', label: 'Expertise', widget: 'tags', required: false, hint: 'Press Enter after each subject.' },
  { name: 'bio', label: 'Biography', widget: 'textarea', required: false },
];

export function creatorDefaults(): FormValues {
  return { name: '', slug: '', title: '', organization: '', creatorType: '', email: '', imageUrl: '', featured: false, expertise: [], bio: '' };
}

export function creatorValues(creator: Record<string, unknown>): FormValues {
  const values = creatorDefaults();
  for (const key of Object.keys(values)) {
    const value = creator[key];
    if (value !== null && value !== undefined) values[key] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  return values;
}

/** The create schema for both: the form always holds the whole creator. */
export const creatorFormSchema = () => creatorSaveSchema('create') as unknown as z.ZodType<FormValues, FormValues>;
