import { useRef, useState } from 'react';

/**
 * A field that looks something up from its value (CEP → address, CNPJ → company). `typed` goes
 * in the input's onChange: the lookup runs by itself once a typed value becomes complete
 * (`complete` gives its key, else null), once per key; `lookup` runs it again on demand (the
 * field's button). `run` does the lookup and resolves to the message to show; meanwhile the
 * message is `texts.searching`, and `texts.failed` when it throws.
 */
export function useLookupField(complete: (value: unknown) => string | null, run: (key: string) => Promise<string>, texts: { searching: string; failed: string }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** The key last looked up by typing. */
  const looked = useRef<string | null>(null);

  const lookup = async (key: string) => {
    setBusy(true);
    setMessage(texts.searching);
    try {
      setMessage(await run(key));
    } catch {
      setMessage(texts.failed);
    } finally {
      setBusy(false);
    }
  };

  const typed = (next: unknown) => {
    const key = complete(next);
    if (!key) {
      looked.current = null;
      return;
    }
    if (looked.current === key) return;
    looked.current = key;
    void lookup(key);
  };

  return { busy, message, lookup, typed };
}
