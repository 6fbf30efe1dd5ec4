/** A person or organisation credited on content (spec 002 §3 Creator). */
export interface Creator {
  id: string;
  name: string;
  slug: string;
  email: string | null;
  bio: string | null;
  title: string | null;
  organization: string | null;
  expertise: string[];
  imageUrl: string | null;
  creatorType: string | null;
  featured: boolean;
  createdAt: Date;
  updatedAt: Date;
}
