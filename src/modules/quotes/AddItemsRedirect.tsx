/** `{base}/{id}/adicionar-itens`: the record's form, where lines are added (the spec's path, kept working). */
import { useEffect } from 'react';
import { useNavigation } from '../../core/navigation';

export default function AddItemsRedirect() {
  const { go, pathname } = useNavigation();
  useEffect(() => go(pathname.replace(/\/adicionar-itens\/?$/, '/editar'), { replace: true }), [go, pathname]);
  return null;
}
