/** The product's name, as members see it in mail and on screen. */
export const PRODUCT_NAME = 'Objectivism Learning Platform';
