/** The catalogue's calls: the department tree (supply `categories`) and products (cart `products`). */
import type { PageResult } from '../../core/api';
import { useQuery } from '../../core/resources/cache';
import { request, requestPage } from '../../core/resources/transport';
import type { Row } from '../../core/resources/useList';

export interface Category {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
  position: number;
  children: Category[];
  /** `informatica/notebooks`. */
  path: string;
}

/** Every active department (100 per page, all pages) as a tree ordered by position and name. */
async function loadCategories(signal: AbortSignal): Promise<Category[]> {
  const rows: Row[] = [];
  for (let page = 1; page < 50; page++) {
    const answer = await requestPage<Row>('supply', 'categories', { page, perPage: 100, query: { isActive: 'true', sort: 'name' }, signal, silent: true });
    rows.push(...answer.items);
    if (answer.pagination.nextPage === null) break;
  }
  const byId = new Map<string, Category>(rows.map((row) => [row.id, { id: row.id, name: String(row.name), slug: String(row.slug), parentId: (row.parentId as string | null) ?? null, position: Number(row.position ?? 0), children: [], path: '' }]));
  const roots: Category[] = [];
  for (const category of byId.values()) {
    const parent = category.parentId ? byId.get(category.parentId) : undefined;
    if (parent) parent.children.push(category);
    else roots.push(category);
  }
  const order = (list: Category[], prefix: string) => {
    list.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, 'pt-BR'));
    for (const category of list) {
      category.path = prefix ? `${prefix}/${category.slug}` : category.slug;
      order(category.children, category.path);
    }
  };
  order(roots, '');
  return roots;
}

export const useCategories = () => useQuery(['categories', 'tree'], loadCategories);

/** The department at `path` (`informatica/notebooks`), walking the tree by slug. */
export function findCategory(roots: Category[], path: string | undefined): Category | null {
  if (!path) return null;
  let level = roots;
  let found: Category | null = null;
  for (const slug of path.split('/').filter(Boolean)) {
    found = level.find((category) => category.slug === slug) ?? null;
    if (!found) return null;
    level = found.children;
  }
  return found;
}

export const PRODUCTS_PER_PAGE = 24;

export function useProducts(query: { categoryId?: string; q?: string }, page: number) {
  const key = ['products', 'catalogue', query.categoryId ?? '', query.q ?? '', String(page)];
  return useQuery<PageResult<Row>>(key, (signal) =>
    requestPage<Row>('cart', 'products', {
      page,
      perPage: PRODUCTS_PER_PAGE,
      query: { isActive: 'true', sort: 'name', ...(query.categoryId ? { categoryId: query.categoryId } : {}), ...(query.q ? { q: query.q } : {}) },
      signal,
      silent: true,
    }),
  );
}

export const useProduct = (id: string | undefined) => useQuery(id ? ['products', 'record', id] : null, (signal) => request<Row>('cart', `products/${encodeURIComponent(id!)}`, { signal, silent: true }));
