/**
 * Registers the record pages' texts (catalogue/recordPages.ts). Imported, for its effect, by each
 * module that shows one of them: they load with that module's chunk, never with a list's.
 */
import { registerCatalogue } from '.';
import { recordPages } from './catalogue/recordPages';

registerCatalogue(recordPages);
