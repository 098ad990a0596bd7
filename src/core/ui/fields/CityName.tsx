import { useEffect, useState } from 'react';
import { loadMunicipalities } from '../../places/municipalities';

/** Name of an IBGE municipality code ("São Paulo/SP"), from the lazily loaded list; the code until then. */
export function CityName({ code }: { code: string }) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadMunicipalities()
      .then(({ municipalityByCode }) => {
        const found = municipalityByCode(code);
        if (live && found) setName(`${found.name}/${found.uf}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code]);
  return <>{name ?? code}</>;
}
