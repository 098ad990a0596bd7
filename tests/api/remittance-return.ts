/** A retorno written from a remessa the way a bank answers it (shared by the API and the end-to-end tests: no imports). */

const put = (line: string, at: number, value: string) => line.slice(0, at - 1) + value + line.slice(at - 1 + value.length);

/**
 * The bank's answer to a remessa: `codes` by "seu número" (default '00' — paid on `paidOn` with the
 * amount sent, or `amounts[reference]`; a boleto's amount as sent).
 */
export function bankReturn(remessa: string, codes: Record<string, string> = {}, paidOn = '21112026', amounts: Record<string, number> = {}): string {
  const lines = remessa.split('\r\n').filter(Boolean);
  return (
    lines
      .map((line, i) => {
        if (i === 0) return put(line, 143, '2');
        if (line[7] !== '3') return line;
        if (line[13] === 'A') {
          const reference = line.slice(73, 93).trim();
          const code = codes[reference] ?? '00';
          const amount = amounts[reference] ?? Number(line.slice(119, 134));
          let out = put(line, 231, code.padEnd(10));
          if (code === '00') out = put(put(out, 155, paidOn), 163, String(amount).padStart(15, '0'));
          return out;
        }
        if (line[13] === 'J' && line.slice(17, 19) !== '52') {
          const code = codes[line.slice(182, 202).trim()] ?? '00';
          const out = put(line, 231, code.padEnd(10));
          // The boleto's "data do pagamento" (145–152) is the day the bank paid it.
          return code === '00' ? put(out, 145, paidOn) : out;
        }
        return line;
      })
      .join('\r\n') + '\r\n'
  );
}

