/** A route that only sends on to another path (an area's bare base → its first list). */
import { useEffect } from 'react';
import { useNavigation } from '../../core/navigation';

export function redirectTo(to: string) {
  return function RedirectPage() {
    const { go } = useNavigation();
    useEffect(() => go(to, { replace: true }), [go]);
    return null;
  };
}
