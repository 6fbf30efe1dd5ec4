/** The product's name as readers see it: the header, page titles and the home page. */
export const PRODUCT_NAME = 'Objectivism Learning Platform';

export function pageTitle(page?: string): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
