/**
 * The settings area's own pages, as data: the hub (/configuracoes) and the style guide on the
 * spec's developer paths (§2: /table, /test-icon, /tests, /theme), one section each.
 */
import type { RouteData } from '../../core/routeMatch';
import { page } from '../area/routeData';

/** The style guide's sections by path, in the order of its tabs. */
export const STYLE_GUIDE_PATHS = ['/theme', '/tests', '/table', '/test-icon'] as const;
export type StyleGuidePath = (typeof STYLE_GUIDE_PATHS)[number];

export const settingsRouteData: RouteData[] = [
  page('/configuracoes', 'Configurações', { view: 'hub' }),
  ...STYLE_GUIDE_PATHS.map((path) => page(path, 'Guia de estilo', { view: 'styleGuide' })),
];
