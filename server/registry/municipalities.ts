/**
 * The IBGE municipality list indexed once for the server (the contracts' lookups scan the list:
 * fine for a form, not for 10,000 imported rows): by code, and by folded name within a UF.
 */
import { fold, UF_CODES, type Uf } from '../../src/contracts/brazil/index.js';
import { municipalitiesOf, type Municipality } from '../../src/contracts/brazil/municipalities.js';

let byCode: Map<string, Municipality> | undefined;
let byName: Map<Uf, Map<string, Municipality>> | undefined;

function build() {
  byCode = new Map();
  byName = new Map();
  for (const uf of UF_CODES) {
    const names = new Map<string, Municipality>();
    for (const m of municipalitiesOf(uf)) {
      byCode.set(m.code, m);
      names.set(fold(m.name), m);
    }
    byName.set(uf, names);
  }
}

/** The municipality of a 7-digit IBGE code, or null. */
export function municipality(code: string): Municipality | null {
  if (!byCode) build();
  return byCode!.get(code) ?? null;
}

/** The municipality named `name` in `uf` (accents, case, punctuation ignored), or null. */
export function municipalityNamed(uf: Uf, name: string): Municipality | null {
  if (!byName) build();
  return byName!.get(uf)?.get(fold(name)) ?? null;
}
