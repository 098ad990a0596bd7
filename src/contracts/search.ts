/**
 * "Ir para…" (Ctrl+K) finds records too (issue 27 §3): a pedido by its number, a supplier by its
 * name or CNPJ, across every declaration the caller may read that has search fields.
 */
import type * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { lazyRule, type RuleKit } from './validation/rules';

/** A single letter finds too much to be of use (a single digit is a number: pedido nº 7). */
export const searchWorthy = (q: string) => q.length >= 2 || /^\d$/.test(q);

/** At most this many records of each kind. */
export const SEARCH_PER_RESOURCE = 5;

const searchHit = ({ z }: RuleKit) =>
  z.object({
    resource: z.string(),
    id: z.string(),
    /** The record's name as its page titles it ("Pedido nº 42", "Comercial Horizonte Ltda"). */
    title: z.string(),
    /** The kind of record ("Pedido", "Fornecedor"). */
    kind: z.string(),
    /** The record's page in the portal. */
    path: z.string(),
  });
export type SearchHit = z.infer<ReturnType<typeof searchHit>>;

// Built on the server's first read: the portal's frame calls the search and loads no zod for it.
const searchQuery = lazyRule(({ z }) => z.object({ q: z.string().check(z.trim(), z.minLength(1, 'Digite o que procurar.'), z.maxLength(100, 'Use no máximo 100 caracteres.')) }));
const searchAnswer = lazyRule((kit) => kit.z.array(searchHit(kit)));

export const searchEndpoint = defineEndpoint({
  family: 'commons',
  method: 'GET',
  path: 'search',
  summary: 'Registros que correspondem ao texto (número, nome, documento), dos tipos que posso ler',
  get query() {
    return searchQuery();
  },
  get answer() {
    return searchAnswer();
  },
});
