/**
 * The floor of bench/first-row-vs-floor.ts: a plain React page (no router, no guard, no
 * framework of ours) that shows the first page of Fornecedores from the same API with the same
 * stored session — what a list could cost at the least.
 */
import { createRoot } from 'react-dom/client';
import { useEffect, useState } from 'react';

interface Supplier {
  id: string;
  name: string;
  document: string;
  email: string | null;
}

function Floor() {
  const [rows, setRows] = useState<Supplier[] | null>(null);
  useEffect(() => {
    // The portal's stored session (jotai keeps it as JSON).
    const raw = localStorage.getItem('bo.accessToken') ?? '""';
    const token = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
    void fetch('/v1/companies/suppliers?page=1&perPage=25&sort=name', { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })
      .then((response) => response.json())
      .then((body: Supplier[]) => setRows(body));
  }, []);
  if (!rows) return <p>Carregando…</p>;
  return (
    <table aria-label="Fornecedores">
      <thead>
        <tr><th>Nome</th><th>CPF/CNPJ</th><th>E-mail</th></tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}><td>{row.name}</td><td>{row.document}</td><td>{row.email ?? '—'}</td></tr>
        ))}
      </tbody>
    </table>
  );
}

createRoot(document.getElementById('root')!).render(<Floor />);
