/**
 * The IBGE municipality list shipped with the product (@brazilian-utils, ~5,570 names, ~150 KB).
 * The browser loads this module only through `import()` (its own chunk, on the first city
 * select or city name); the server imports it directly.
 */
import { getMunicipalities } from '@brazilian-utils/brazilian-utils/get-municipalities';
import { getMunicipalityByCode } from '@brazilian-utils/brazilian-utils/get-municipality-by-code';
import { fold } from './text';
import type { Uf } from './ufs';

export interface Municipality {
  /** 7-digit IBGE code (the stored value of a `city` field). */
  code: string;
  name: string;
  uf: Uf;
}

const byUf = new Map<Uf, Municipality[]>();

/** Municipalities of a UF, sorted by name (pt-BR). */
export function municipalitiesOf(uf: Uf): Municipality[] {
  let list = byUf.get(uf);
  if (!list) {
    list = getMunicipalities(uf).map((m) => ({ code: m.code, name: m.name, uf }));
    byUf.set(uf, list);
  }
  return list;
}

/** The municipality of an IBGE code, or null. */
export function municipalityByCode(code: string): Municipality | null {
  const found = getMunicipalityByCode(code);
  return found ? { code: found.code, name: found.name, uf: found.stateCode as Uf } : null;
}

/** The municipality named `name` in `uf` (accents, case and spacing ignored), or null. */
export function municipalityByName(uf: Uf, name: string): Municipality | null {
  const wanted = fold(name);
  return municipalitiesOf(uf).find((m) => fold(m.name) === wanted) ?? null;
}
