/**
 * The uses of a token de conta (issue 26): `GET account-tokens/{id}/uses?page=&perPage=`, newest
 * first, paged (Link, X-Total-Count) — when, which report, which format, the outcome (granted or
 * why refused), the HTTP status and the caller's address, from `account_token_uses` (migration
 * 0033, written by server/bi/tokens.ts on every use, refusals included).
 */
import * as z from 'zod/mini';

export const TOKEN_USE_OUTCOMES = ['granted', 'outOfScope', 'revoked', 'expired', 'limited', 'badRequest'] as const;
export type TokenUseOutcome = (typeof TOKEN_USE_OUTCOMES)[number];
export const TOKEN_USE_OUTCOME_LABELS: Readonly<Record<TokenUseOutcome, string>> = {
  granted: 'Liberada',
  outOfScope: 'Recusada: relatório fora do token',
  revoked: 'Recusada: token revogado',
  expired: 'Recusada: token vencido',
  limited: 'Recusada: limite de consultas',
  badRequest: 'Recusada: consulta inválida',
};
export const TOKEN_USE_FORMAT_LABELS = { json: 'JSON', csv: 'CSV' } as const;

export const tokenUse = z.object({
  id: z.string(),
  at: z.string(),
  report: z.string(),
  format: z.enum(['json', 'csv']),
  outcome: z.enum(TOKEN_USE_OUTCOMES),
  status: z.int(),
  ip: z.string(),
});
export type TokenUse = z.infer<typeof tokenUse>;

export const TOKEN_USES_PER_PAGE = 20;
export const TOKEN_USES_MAX_PER_PAGE = 100;
export const tokenUsesQuery = z.object({
  page: z.optional(z.coerce.number().check(z.int('Informe uma página válida.'), z.minimum(1, 'Informe uma página válida.'), z.maximum(100_000, 'Informe uma página válida.'))),
  perPage: z.optional(z.coerce.number().check(z.int('Informe de 1 a 100 por página.'), z.minimum(1, 'Informe de 1 a 100 por página.'), z.maximum(TOKEN_USES_MAX_PER_PAGE, 'Informe de 1 a 100 por página.'))),
});

/** The path of a token's uses under the finance-reporting family. */
export const tokenUsesPath = (tokenId: string) => `account-tokens/${encodeURIComponent(tokenId)}/uses`;
