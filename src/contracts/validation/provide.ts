/**
 * Loads what validating a record takes: the rules' kit (zod and the Brazilian validators) and the
 * declarations' heavy checks (`resources/checks`). Imported where records are validated — the
 * server's registry and the screens that validate (forms, transition dialogs, the import's
 * mapping) — never by a list.
 */
import '../resources/checks';
import * as kit from './kit';
import { provideRules } from './rules';

provideRules(kit);
