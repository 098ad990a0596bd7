/**
 * The IBGE municipality list, loaded on demand as its own chunk (~150 KB raw): the first city
 * select, city name or offline CEP fallback pays for it, the first screen never does.
 */
type MunicipalitiesModule = typeof import('../../contracts/brazil/municipalities');

let pending: Promise<MunicipalitiesModule> | null = null;

export function loadMunicipalities(): Promise<MunicipalitiesModule> {
  pending ??= import('../../contracts/brazil/municipalities').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
