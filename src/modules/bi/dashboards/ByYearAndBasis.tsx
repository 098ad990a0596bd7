import type { ReactNode } from 'react';
import type { Endpoint } from '../../../contracts/endpoint';
import type { Basis } from '../../../contracts/reports';
import { callEndpoint } from '../../../core/resources/endpoint';
import * as ui from '../../../core/ui/ui.css';
import { BasisPicker, useBasis } from './BasisPicker';
import { Loaded } from './Loaded';
import { useYear, YearPicker } from './YearPicker';

/** A painel read by year and date basis (both in the URL): the two pickers, then its endpoint's answer for them. */
export function ByYearAndBasis<Answer>({ painel, endpoint, children }: { painel: string; endpoint: Endpoint<unknown, Answer>; children: (answer: Answer, year: number, basis: Basis) => ReactNode }) {
  const year = useYear();
  const basis = useBasis();
  return (
    <>
      <div className={ui.row}>
        <YearPicker year={year} />
        <BasisPicker basis={basis} />
      </div>
      <Loaded query={['bi', 'painel', painel, String(year), basis]} fetch={(signal) => callEndpoint(endpoint, { query: { year: String(year), basis }, signal, silent: true })}>
        {(answer) => children(answer, year, basis)}
      </Loaded>
    </>
  );
}
