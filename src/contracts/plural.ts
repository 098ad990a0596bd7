/** "1 parcela devolvida", "3 parcelas devolvidas": the singular for exactly one, never "parcela(s)". */
export const countOf = (count: number, one: string, other: string): string => `${count} ${Math.abs(count) === 1 ? one : other}`;

/** The singular or plural form alone ("foi" / "foram"). */
export const formOf = (count: number, one: string, other: string): string => (Math.abs(count) === 1 ? one : other);
