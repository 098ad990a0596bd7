/** Schema helpers the field builders and declarations share (reached through the kit on a screen). */
import * as z from 'zod/mini';

/** Optional on write, `null` clears it. */
export const optional = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));
/** Trimmed, required, at most `max` characters. */
export const requiredText = (max = 120, message = 'Preencha este campo.') =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, `Use no máximo ${max} caracteres.`));
export const idList = (max = 1000) => z.array(z.string().check(z.maxLength(64))).check(z.maxLength(max));
