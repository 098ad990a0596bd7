/** The zod schemas of a list's preferences (the server validates what it stores with them). */
import * as z from 'zod/mini';
import { MAX_SAVED_FILTERS } from './listPreferences';

export const savedFilterSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Dê um nome ao filtro.'), z.maxLength(60, 'Use até 60 caracteres no nome do filtro.')),
  query: z.string().check(z.maxLength(2000, 'Filtro longo demais.')),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

export const listPreferencesSchema = z.strictObject({
  columns: z.nullable(z.array(z.string().check(z.maxLength(100))).check(z.minLength(1, 'Mostre ao menos uma coluna.'), z.maxLength(100))),
  filters: z.array(savedFilterSchema).check(z.maxLength(MAX_SAVED_FILTERS, `Guarde até ${MAX_SAVED_FILTERS} filtros por lista.`)),
});
export type ListPreferences = z.infer<typeof listPreferencesSchema>;
