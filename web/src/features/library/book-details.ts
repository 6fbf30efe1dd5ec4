/**
 * Reading a book's free-form fields for display. tableOfContents, faq and pricing travel as JSON
 * (spec 001 §3 Book) with no shape given, so each reader accepts the shapes editors use and skips
 * what it cannot read, rather than failing the page. Pure, so each rule is tested alone.
 */
import { formatCurrency } from '../../lib/format';

/** JSON may arrive parsed or as its text. */
export function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value.trim() === '' ? null : value;
  }
}

export interface TocEntry {
  label: string;
  children: TocEntry[];
}

const LABEL_KEYS = ['title', 'part', 'chapter', 'name', 'label', 'heading'];

function tocEntry(value: unknown): TocEntry | null {
  if (typeof value === 'string') return value.trim() ? { label: value.trim(), children: [] } : null;
  if (typeof value === 'number') return { label: String(value), children: [] };
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const key = LABEL_KEYS.find((k) => typeof record[k] === 'string' || typeof record[k] === 'number');
  if (!key) return null;
  const nested = ['children', 'chapters', 'sections', 'items'].map((k) => record[k]).find(Array.isArray) as unknown[] | undefined;
  return { label: String(record[key]).trim(), children: tocEntries(nested ?? []) };
}

/** `["Part One", …]`, `[{ part: "Part One" }]`, `[{ title, chapters: [...] }]` or `{ parts: [...] }`. */
export function tocEntries(value: unknown): TocEntry[] {
  const toc = parsedJson(value);
  const list = Array.isArray(toc) ? toc : toc && typeof toc === 'object' ? Object.values(toc as object).find(Array.isArray) : undefined;
  if (!Array.isArray(list)) return [];
  return list.map(tocEntry).filter((e): e is TocEntry => e !== null);
}

export interface FaqEntry {
  question: string;
  answer: string;
}

/** `[{ question, answer }]` (also `q`/`a`). */
export function faqEntries(value: unknown): FaqEntry[] {
  const faq = parsedJson(value);
  if (!Array.isArray(faq)) return [];
  return faq.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    const e = entry as Record<string, unknown>;
    const question = e.question ?? e.q;
    const answer = e.answer ?? e.a;
    return typeof question === 'string' && typeof answer === 'string' && question.trim() ? [{ question: question.trim(), answer: answer.trim() }] : [];
  });
}

export interface PriceEntry {
  label: string;
  price: string;
}

const humanize = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * `{ currency: "USD", paperback: 2200, ebook: 1199 }`: amounts in minor units (cents), as every money
 * amount in the product (spec 001 §9); the currency defaults to USD. Also `[{ format, amount }]`.
 */
export function priceEntries(value: unknown): PriceEntry[] {
  const pricing = parsedJson(value);
  if (Array.isArray(pricing)) {
    return pricing.flatMap((p) => {
      if (!p || typeof p !== 'object') return [];
      const r = p as Record<string, unknown>;
      const label = r.format ?? r.label ?? r.name;
      const amount = r.amount ?? r.price;
      return typeof label === 'string' && typeof amount === 'number' ? [{ label: humanize(label), price: formatCurrency(amount, typeof r.currency === 'string' ? r.currency : undefined) }] : [];
    });
  }
  if (!pricing || typeof pricing !== 'object') return [];
  const record = pricing as Record<string, unknown>;
  const currency = typeof record.currency === 'string' ? record.currency : undefined;
  return Object.entries(record).flatMap(([key, amount]) => (key !== 'currency' && typeof amount === 'number' && Number.isFinite(amount) ? [{ label: humanize(key), price: formatCurrency(amount, currency) }] : []));
}

const FORMAT_LABELS: Record<string, string> = { PAPERBACK: 'Paperback', HARDCOVER: 'Hardcover', EBOOK: 'E-book', AUDIOBOOK: 'Audiobook' };
export const formatLabel = (format: string) => FORMAT_LABELS[format] ?? humanize(format);
export const bookTypeLabel = (bookType: string) => (bookType === 'NON_FICTION' ? 'Nonfiction' : bookType === 'FICTION' ? 'Fiction' : humanize(bookType));
