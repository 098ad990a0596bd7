/**
 * The checklist's data holds together (issue 28): every step's "done" resource is a served
 * tenant registry and every screen a catalogue entry; the approval templates approve resources
 * that plug into the queues, through profiles the setup creates; the standard chart and its
 * categories are valid records (codes the registries accept, unique, children under their parent's
 * code, each category on a DRE line its kind may take, every such line used).
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { EXPENSE_DRE_LINES, REVENUE_DRE_LINES } from '../../../src/contracts/brazil/dre';
import { CATALOGUE } from '../../../src/core/catalogue';
import { APPROVAL_TEMPLATES, ONBOARDING_STEPS } from '../../../src/contracts/onboarding';
import { APPROVAL_RESOURCES } from '../../../src/contracts/resources/approvalQueues';
import { code } from '../../../src/contracts/resources/parts/common';
import { ruleKit } from '../../../src/contracts/validation/rules';
import { DEMO_GROUPS } from '../../../server/db/seed';
import { storageByName } from '../../../server/registry/families';
import { STANDARD_CHART, STANDARD_EXPENSE_CATEGORIES, STANDARD_REVENUE_CATEGORIES } from '../../../server/setup/standard-chart';

type Node = { code: string; name: string; children?: Node[] };
const flatten = <N extends Node>(nodes: N[], parent: string | null = null): (N & { parent: string | null })[] =>
  nodes.flatMap((node) => [{ ...node, parent }, ...flatten((node.children ?? []) as N[], node.code)]);

describe('the onboarding steps', () => {
  it('name served tenant registries and catalogued screens', () => {
    expect(new Set(ONBOARDING_STEPS.map((step) => step.key)).size).toBe(ONBOARDING_STEPS.length);
    for (const step of ONBOARDING_STEPS) {
      expect(storageByName(step.done.resource)?.tenantColumn, step.key).toBe('org_id');
      for (const screen of step.screens) expect(Object.keys(CATALOGUE), `${step.key}: ${screen}`).toContain(screen);
      expect(step.title.length * step.description.length).toBeGreaterThan(0);
    }
  });

  it('approval templates approve queue resources through standard profiles, with unique names', () => {
    expect(new Set(APPROVAL_TEMPLATES.map((template) => template.name)).size).toBe(APPROVAL_TEMPLATES.length);
    for (const template of APPROVAL_TEMPLATES) {
      expect(APPROVAL_RESOURCES as readonly string[]).toContain(template.resource);
      expect(Object.keys(DEMO_GROUPS)).toContain(template.profile);
      expect(Number.isSafeInteger(template.minAmount) && template.minAmount > 0).toBe(true);
    }
  });
});

describe('the standard chart of accounts', () => {
  const rule = code()(ruleKit());
  for (const [name, tree] of [['chart', STANDARD_CHART], ['expense categories', STANDARD_EXPENSE_CATEGORIES], ['revenue categories', STANDARD_REVENUE_CATEGORIES]] as const) {
    it(`${name}: codes the registry accepts, unique, each child under its parent's code`, () => {
      const nodes = flatten(tree as Node[]);
      expect(new Set(nodes.map((node) => node.code)).size).toBe(nodes.length);
      for (const node of nodes) {
        expect(z.safeParse(rule, node.code).success, node.code).toBe(true);
        if (node.parent) expect(node.code.startsWith(`${node.parent}.`), node.code).toBe(true);
        expect(node.name.trim()).toBe(node.name);
      }
    });
  }

  it('maps every category to a DRE line of its kind, and uses every such line', () => {
    const expense = flatten(STANDARD_EXPENSE_CATEGORIES).map((node) => node.dreLine);
    const revenue = flatten(STANDARD_REVENUE_CATEGORIES).map((node) => node.dreLine);
    expect(new Set(expense)).toEqual(new Set(EXPENSE_DRE_LINES));
    expect(new Set(revenue)).toEqual(new Set(REVENUE_DRE_LINES));
  });

  it('keeps a child on its parent’s nature', () => {
    for (const top of STANDARD_CHART) for (const node of flatten([top])) expect(node.nature, node.code).toBe(top.nature);
  });
});
