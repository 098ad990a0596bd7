/**
 * The schema of app.config.json and its pt-BR problem list. Loaded only when a config text must be
 * validated (config.ts keeps the last valid text: an unchanged config is not validated again).
 */
import * as z from 'zod/mini';
import { ConfigError, type NavGroupConfig } from './config';
import { t } from './i18n';

const nonEmpty = () => z.string().check(z.minLength(1));

const navGroupSchema: z.ZodMiniType<NavGroupConfig> = z.lazy(() =>
  z.object({
    key: nonEmpty(),
    title: z.string(),
    icon: z.optional(z.string()),
    collapsible: z.optional(z.boolean()),
    divided: z.optional(z.boolean()),
    children: z.array(z.union([nonEmpty(), navGroupSchema])),
  }),
);

export const moduleConfigSchema = z.object({
  name: nonEmpty(),
  title: z.optional(z.string()),
  resource: nonEmpty(),
  path: z.string().check(z.regex(/^\//)),
  icon: z.optional(z.string()),
});
export type ModuleConfig = z.infer<typeof moduleConfigSchema>;

/** One API family: `baseURL` plus any other named URLs (all strings). */
export const apiConfigSchema = z.catchall(z.object({ baseURL: nonEmpty() }), z.string());
export type ApiConfig = z.infer<typeof apiConfigSchema>;

export const appConfigSchema = z.looseObject({
  useFrontEndVersion: nonEmpty(),
  useProjectId: nonEmpty(),
  apis: z.record(z.string(), apiConfigSchema),
  buildManifest: z.optional(
    z.object({
      url: z.optional(nonEmpty()),
      pollIntervalSeconds: z.optional(z.number().check(z.positive())),
    }),
  ),
  composables: z.looseObject({
    useModuleNavigation: z.object({
      modules: z.array(moduleConfigSchema),
      getNavigationGroupedArrayKeys: z.array(navGroupSchema),
    }),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

type Issue = {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  minimum?: unknown;
  maximum?: unknown;
  input?: unknown;
  errors?: Issue[][];
};

const pathText = (path: PropertyKey[]) =>
  path.length
    ? path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('')
    : t('config.root');

function issueLines(issue: Issue, prefix: PropertyKey[] = []): string[] {
  const path = [...prefix, ...issue.path];
  switch (issue.code) {
    case 'invalid_union': {
      // Report the branch that got furthest (e.g. the group branch of "module name | group").
      const branches = issue.errors ?? [];
      const depth = (b: Issue[]) => Math.max(0, ...b.map((i) => i.path.length));
      const best = [...branches].sort((a, b) => depth(b) - depth(a))[0];
      if (best && depth(best) > 0) return best.flatMap((i) => issueLines(i, path));
      return [`${pathText(path)}: ${t('config.issue.invalid')}`];
    }
    case 'invalid_type': {
      const text =
        !('input' in issue) || issue.input === undefined
          ? t('config.issue.required')
          : t('config.issue.type', { expected: t(`config.type.${issue.expected}`) });
      return [`${pathText(path)}: ${text}`];
    }
    case 'too_small':
      return [`${pathText(path)}: ${issue.input === '' ? t('config.issue.required') : t('config.issue.tooSmall', { minimum: String(issue.minimum) })}`];
    case 'too_big':
      return [`${pathText(path)}: ${t('config.issue.tooBig', { maximum: String(issue.maximum) })}`];
    case 'custom':
      return [`${pathText(path)}: ${issue.message}`];
    default:
      return [`${pathText(path)}: ${t('config.issue.invalid')}`];
  }
}

/** Checks the schema can't express: unique module names and group keys, known module references. */
function semanticProblems(config: AppConfig): string[] {
  const problems: string[] = [];
  const nav = config.composables.useModuleNavigation;
  const names = new Set<string>();
  nav.modules.forEach((m, i) => {
    if (names.has(m.name)) problems.push(`composables.useModuleNavigation.modules[${i}].name: ${t('config.issue.duplicateModule', { name: m.name })}`);
    names.add(m.name);
  });
  const keys = new Set<string>();
  const walk = (groups: NavGroupConfig[], base: string) => {
    groups.forEach((g, gi) => {
      const here = `${base}[${gi}]`;
      if (keys.has(g.key)) problems.push(`${here}.key: ${t('config.issue.duplicateGroup', { key: g.key })}`);
      keys.add(g.key);
      g.children.forEach((child, ci) => {
        if (typeof child === 'string') {
          if (!names.has(child)) problems.push(`${here}.children[${ci}]: ${t('config.issue.unknownModule', { name: child })}`);
        } else walk([child], `${here}.children[${ci}]`);
      });
    });
  };
  walk(nav.getNavigationGroupedArrayKeys, 'composables.useModuleNavigation.getNavigationGroupedArrayKeys');
  return problems;
}

/** Validates a parsed app.config.json; throws ConfigError listing every problem (pt-BR). */
export function parseAppConfig(input: unknown, url = '/app.config.json'): AppConfig {
  const result = z.safeParse(appConfigSchema, input, { reportInput: true });
  if (!result.success) {
    const problems = (result.error.issues as unknown as Issue[]).flatMap((issue) => issueLines(issue));
    throw new ConfigError(t('config.invalid', { url }), problems);
  }
  const problems = semanticProblems(result.data);
  if (problems.length) throw new ConfigError(t('config.invalid', { url }), problems);
  return result.data;
}

