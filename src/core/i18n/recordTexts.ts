/**
 * The texts of the screens that show records as a list shows them (list, filters, table, values,
 * states): loaded with every screen of a signed-in layout (area/withLoaders.ts), so the sign-in
 * screens — all that `<bo-login>` and a signed-out visitor see — do not download them (issue 23,
 * bench/bundle-size.ts). What only a form, a details page or a dialog shows loads with the module
 * that shows it (recordPageTexts.ts).
 */
import { registerCatalogue } from '.';
import { registry } from './catalogue/registry';
import { workflow } from './catalogue/workflow';

registerCatalogue(registry);
registerCatalogue(workflow);
