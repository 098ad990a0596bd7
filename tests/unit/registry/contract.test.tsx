/**
 * Contract test over every resource declaration: what it names exists, its routes are in the
 * route table, and its list, show and form screens render sample data through a stubbed API.
 */
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE_FIELD_DEFS, BASE_FIELDS, fieldShown, fillPath, filterKind, pathParams, recordName, RESERVED_PARAMS, type AnyResource } from '../../../src/contracts/resource';
import { findResource, resourceList } from '../../../src/contracts/resources';
import { initialValues, validate } from '../../../src/core/resources/values';
import { matchRoute } from '../../../src/core/router';
import { routes } from '../../../src/modules/portal/routes';
import { calls, mount, pageResponse, json, resetApi, signIn, stubApi, text } from './harness';
import { sampleRecord } from './samples';

const fieldNames = (resource: AnyResource) => new Set([...Object.keys(resource.fields), ...Object.keys(BASE_FIELD_DEFS)]);
const PARAM_VALUES: Record<string, string> = { applicationId: 'app-1', companyTypeId: 'type-1', bankAccountId: 'acc-1', quoteId: 'quote-1' };

/** Concrete portal paths of a declaration's screens (its own route base, parents filled). */
function screenPaths(resource: AnyResource) {
  const base = fillPath(resource.route.base, PARAM_VALUES);
  if (resource.kind === 'singleton') return { list: null, show: null, edit: base, create: null, tabs: [] as string[] };
  const show = `${base}/rec-1`;
  return {
    list: base,
    show,
    edit: `${show}/editar`,
    create: `${base}/adicionar`,
    tabs: (resource.tabs ?? []).map((tab) => `${show}/${tab.path}`),
  };
}

beforeEach(() => signIn());
afterEach(() => resetApi());

describe.each(resourceList.map((r) => [r.name, r] as const))('declaration %s', (_name, resource) => {
  it('names only fields of its schema', () => {
    const names = fieldNames(resource);
    expect(Object.keys(resource.fields).sort()).toEqual(Object.keys(resource.schema.shape).sort());
    expect(names.has(resource.titleField)).toBe(true);
    for (const column of resource.list?.columns ?? []) expect(names, `column ${column.field}`).toContain(column.field);
    for (const filter of resource.list?.filters ?? []) {
      expect(names, `filter ${filter.field}`).toContain(filter.field);
      const def = resource.fields[filter.field];
      if (def) expect(filterKind(def.type), `filter ${filter.field}`).not.toBe('none');
    }
    for (const field of resource.list?.searchFields ?? []) expect(names).toContain(field);
    for (const section of resource.form.sections) for (const field of section.fields) expect(resource.fields, `section ${section.key}`).toHaveProperty(field);
    for (const tab of resource.tabs ?? []) {
      if ('field' in tab) expect(resource.fields).toHaveProperty(tab.field);
      else expect(findResource(tab.resource), `tab ${tab.path}`).toBeDefined();
    }
    for (const def of Object.values(resource.fields)) {
      if (def.type === 'reference' || def.type === 'references') expect(findResource(def.resource), `target ${def.resource}`).toBeDefined();
    }
    const reserved = new Set<string>([...RESERVED_PARAMS, ...BASE_FIELDS, '_refs']);
    for (const name of Object.keys(resource.fields)) expect(reserved.has(name), `reserved name ${name}`).toBe(false);
    if (resource.list) {
      const sort = resource.list.defaultSort.replace(/^-/, '');
      expect(names).toContain(sort);
    }
  });

  it('lists only records born of it, by their reference to it, with their own fields (`bornRecords`)', () => {
    for (const born of resource.bornRecords ?? []) {
      const target = findResource(born.resource);
      expect(target, born.resource).toBeDefined();
      expect(target!.bornOf).toBe(resource.name);
      const reference = target!.fields[born.field];
      expect(reference && (reference.type === 'reference' || reference.type === 'references') && reference.resource, born.field).toBe(resource.name);
      // The list is asked for with that field as its filter, in that sort: both must be the target list's.
      expect(target!.list?.filters?.map((filter) => filter.field)).toContain(born.field);
      const sortable = new Set([...(target!.list?.columns ?? []).filter((column) => column.sortable).map((column) => column.field), target!.list?.defaultSort.replace(/^-/, '')]);
      expect(sortable, born.sort).toContain(born.sort.replace(/^-/, ''));
      for (const column of born.columns) expect(fieldNames(target!), column).toContain(column);
    }
  });

  it('has a parent that exists and a path that names its parameter', () => {
    if (resource.parent) {
      expect(findResource(resource.parent.resource)).toBeDefined();
      expect(pathParams(resource.path)).toContain(resource.parent.param);
      expect(pathParams(resource.route.base)).toContain(resource.parent.param);
    } else {
      expect(pathParams(resource.path)).toEqual([]);
    }
    if (resource.kind !== 'singleton') expect(resource.route.idParam).toMatch(/^[a-z]\w*Id$/);
  });

  it('accepts a sample record of its own field types', () => {
    expect(validate(resource, initialValues(resource, sampleRecord(resource)))).toEqual({});
  });

  it('has its routes in the route table', () => {
    const paths = screenPaths(resource);
    for (const path of [paths.list, paths.list && `${paths.list}/lista`, paths.create, paths.show, paths.edit, ...paths.tabs].filter(Boolean) as string[]) {
      const match = matchRoute(routes, path);
      expect(match, path).not.toBeNull();
      expect(match!.route.load.toString(), path).not.toContain('PlaceholderPage');
      if (resource.route.idParam && path.includes('/rec-1')) expect(match!.params[resource.route.idParam]).toBe('rec-1');
    }
  });

  async function renderAt(path: string, record = sampleRecord(resource)) {
    stubApi((call) => {
      if (call.method !== 'GET') return json({ message: 'unexpected' }, { status: 500 });
      // Every list request carries `page` (the child registries of a tab too).
      if (call.url.searchParams.has('page')) return pageResponse([record], { total: 1 });
      return json(record);
    });
    const match = matchRoute(routes, path)!;
    const { default: Screen } = await match.route.load();
    return mount(() => createElement(Screen, { ...match.params, title: match.route.title }), { path });
  }

  it('renders its list with sample data', async () => {
    const { list } = screenPaths(resource);
    if (!list) return;
    const view = await renderAt(list);
    const table = view.container.querySelector('table');
    expect(table, text(view.container)).not.toBeNull();
    expect(table!.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(text(table!)).toContain(resource.fields[resource.titleField]?.type === 'integer' ? '42' : `Registro de ${resource.name}`);
    expect(view.container.querySelector('h1')?.textContent).toBe(resource.labels.many);
    // The list's page (a nested list also reads its parent once, to name it in the breadcrumbs).
    const request = calls.find((c) => c.method === 'GET' && c.path === fillPath(resource.path, PARAM_VALUES))!;
    expect(request.url.searchParams.get('page')).toBe('1');
    expect(request.url.searchParams.get('perPage')).toBe('25');
    view.unmount();
  });

  it('renders its show page with sample data', async () => {
    const { show } = screenPaths(resource);
    if (!show) return;
    const view = await renderAt(show);
    // A record named by a reference (a solicitação by its supplier) reads as that record's label, never its id.
    if (resource.fields[resource.titleField]?.type === 'reference') expect(view.container.querySelector('h1')?.textContent).toContain('Referência Um');
    else expect(view.container.querySelector('h1')?.textContent).toBe(recordName(resource, sampleRecord(resource)[resource.titleField]));
    // Every field that applies to the sample (a `shownWhen` field only for its payment method).
    const sample = sampleRecord(resource);
    for (const section of resource.form.sections) {
      for (const field of section.fields) if (fieldShown(resource.fields[field], sample)) expect(text(view.container)).toContain(resource.fields[field].label);
    }
    expect(calls.map((c) => c.path)).toContain(`${fillPath(resource.path, PARAM_VALUES)}/rec-1`);
    view.unmount();
  });

  it('renders its form with sample data', async () => {
    const { edit } = screenPaths(resource);
    const view = await renderAt(edit!);
    const form = view.container.querySelector('form');
    expect(form, text(view.container)).not.toBeNull();
    for (const section of resource.form.sections) expect(text(form!)).toContain(section.title);
    const sample = sampleRecord(resource);
    for (const [name, def] of Object.entries(resource.fields)) {
      if (!resource.form.sections.some((s) => s.fields.includes(name)) || !fieldShown(def, sample)) continue;
      expect(text(form!), name).toContain(def.label);
    }
    view.unmount();
  });

  it('renders its tabs', async () => {
    const { tabs } = screenPaths(resource);
    for (const path of tabs) {
      const tab = resource.tabs!.find((entry) => path.endsWith(`/${entry.path}`))!;
      const view = await renderAt(path);
      if ('field' in tab) {
        expect(text(view.container)).toContain(resource.fields[tab.field].label);
        // The current sub-page's tab is the link marked as the page (not a span inside it).
        expect(view.container.querySelector(`a[href="${path}"]`)?.getAttribute('aria-current'), path).toBe('page');
      }
      else expect(view.container.querySelector('table'), path).not.toBeNull();
      view.unmount();
    }
  });
});
