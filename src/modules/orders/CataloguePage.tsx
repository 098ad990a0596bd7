/**
 * /pedidos/catalogo, /pedidos/catalogo/busca?q= and /pedidos/catalogo/{categorySlug*}: the
 * department tree, the products of the chosen department (or of the search: the server's `q`
 * ignores accents) with their cover images, and the cart.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../core/format/money';
import { t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { useNavigation, useQuery as useSearchParams } from '../../core/navigation';
import type { Row } from '../../core/resources/useList';
import { Alert } from '../../core/ui/Alert';
import { Spinner } from '../../core/ui/Spinner';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { NavLink } from '../registry/PageHeader';
import { useCart } from './cart';
import { CartBar, CartPanel } from './CartPanel';
import { findCategory, PRODUCTS_PER_PAGE, useCategories, useProducts, type Category } from './catalogueApi';
import * as css from './orders.css';
import { coverOf, ProductImage } from './ProductImage';

function Tree({ list, current }: { list: Category[]; current: string | null }) {
  return (
    <ul className={css.tree}>
      {list.map((category) => (
        <li key={category.id}>
          <NavLink href={`/pedidos/catalogo/${category.path}`} className={css.treeLink} current={current === category.path}>{category.name}</NavLink>
          {category.children.length > 0 && <div className={css.subtree}><Tree list={category.children} current={current} /></div>}
        </li>
      ))}
    </ul>
  );
}

export function ProductCard({ product }: { product: Row }) {
  const cart = useCart();
  const name = String(product.name);
  const href = `/pedidos/produto/${encodeURIComponent(product.id)}`;
  return (
    <li className={css.card}>
      <ProductImage fileId={coverOf(product.media)?.fileId} alt={t('orders.product.image', { name })} />
      <NavLink href={href} className={css.productName}>{name}</NavLink>
      <span className={css.price}>{formatMoney(Number(product.price ?? 0))}</span>
      <button type="button" className={ui.button.secondary} aria-label={`${t('orders.product.add')}: ${name}`} onClick={() => {
        cart.add({ key: product.id, productId: product.id, description: name, unit: String(product.unit ?? 'UN'), unitPrice: Number(product.price ?? 0), quantity: 1 });
        notify({ type: 'success', message: t('orders.product.added', { name }) });
      }}>{t('orders.product.add')}</button>
    </li>
  );
}

export default function CataloguePage({ categorySlug }: { categorySlug?: string }) {
  const { go, pathname } = useNavigation();
  const search = useSearchParams();
  const searching = pathname.endsWith('/catalogo/busca');
  const q = searching ? (search.get('q') ?? '') : '';
  const [text, setText] = useState(q);
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<Row[]>([]);
  const categories = useCategories();
  const category = categories.data ? findCategory(categories.data, categorySlug) : null;
  const waitingTree = Boolean(categorySlug) && !categories.data;
  const products = useProducts({ categoryId: category?.id, q }, page);
  const titleId = useId();

  useEffect(() => {
    setPage(1);
    setShown([]);
  }, [categorySlug, q]);
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (!products.data || waitingTree) return;
    setShown((current) => (page === 1 ? products.data!.items : [...current, ...products.data!.items.filter((p) => !current.some((c) => c.id === p.id))]));
  }, [products.data, page, waitingTree]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(text.trim() ? `/pedidos/catalogo/busca?q=${encodeURIComponent(text.trim())}` : '/pedidos/catalogo');
  };

  const heading = searching ? t('orders.catalogue.results', { q }) : category ? category.name : t('orders.catalogue.title');
  const unknown = Boolean(categorySlug) && categories.data && !category;

  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <div className={data.header}>
        <h1 id={titleId} style={{ margin: 0 }}>{heading}</h1>
        <NavLink href="/pedidos" className={data.muted}>← {t('registry.back')}</NavLink>
      </div>
      <form role="search" className={css.searchForm} onSubmit={submit} aria-label={t('orders.catalogue')}>
        <div className={ui.field} style={{ flex: '1 1 224px' }}>
          <label className={ui.label} htmlFor={`${titleId}-q`}>{t('orders.catalogue.search')}</label>
          <input id={`${titleId}-q`} type="search" className={ui.input} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <button type="submit" className={ui.button.primary}>{t('orders.catalogue.searchButton')}</button>
      </form>
      <div className={css.layout}>
        <nav aria-label={t('orders.catalogue.departments')} className={ui.card} part="departments">
          <h2 style={{ marginTop: 0 }}>{t('orders.catalogue.departments')}</h2>
          <ul className={css.tree}>
            <li><NavLink href="/pedidos/catalogo" className={css.treeLink} current={!categorySlug && !searching}>{t('orders.catalogue.all')}</NavLink></li>
          </ul>
          {categories.data ? <Tree list={categories.data} current={category?.path ?? null} /> : categories.loading ? <Spinner /> : null}
        </nav>
        <div className={ui.stack}>
          <section aria-label={t('orders.catalogue.products')}>
            {unknown ? (
              <Alert>{t('orders.catalogue.notFound')}</Alert>
            ) : products.error ? (
              <Alert>{t('registry.loadFailed')}</Alert>
            ) : shown.length === 0 && (products.loading || waitingTree) ? (
              <Spinner />
            ) : shown.length === 0 ? (
              <p className={data.empty} role="status">{t('orders.catalogue.empty')}</p>
            ) : (
              <ul className={css.grid}>{shown.map((product) => <ProductCard key={product.id} product={product} />)}</ul>
            )}
            {products.data?.pagination.nextPage && shown.length >= page * PRODUCTS_PER_PAGE && (
              <div style={{ marginTop: 12 }}><button type="button" className={ui.button.secondary} onClick={() => setPage((n) => n + 1)}>{t('orders.catalogue.more')}</button></div>
            )}
          </section>
          <CartPanel />
        </div>
      </div>
      <CartBar />
    </section>
  );
}
