/**
 * The texts of the screens that show records (lists, forms, details, workflow actions): loaded
 * with every screen of a signed-in layout (area/withLoaders.ts), so the sign-in screens — all
 * that `<bo-login>` and a signed-out visitor see — do not download them (issue 23,
 * bench/bundle-size.ts).
 */
import { registerCatalogue } from '.';
import { brazil } from './catalogue/brazil';
import { registry } from './catalogue/registry';
import { workflow } from './catalogue/workflow';

registerCatalogue(registry);
registerCatalogue(brazil);
registerCatalogue(workflow);
