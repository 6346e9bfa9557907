import { PRODUCT_CATEGORIES, type ProductCategory } from '@toolforge/contracts';

export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  'hand-tool': 'Hand tool',
  'power-tool': 'Power tool',
  'machine-tool': 'Machine tool',
};

export const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
