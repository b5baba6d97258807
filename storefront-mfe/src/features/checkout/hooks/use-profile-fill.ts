import { useEffect, useEffectEvent } from 'react';
import type { UserPublic } from '@thalir/contracts';
import { fetchProfile } from '../api/orders';

/**
 * Fills a delivery form from the customer's profile once it arrives. `fill` reads the form as it is
 * then, so what was typed meanwhile stays. Only a convenience: without the profile the customer types.
 */
export function useProfileFill(fill: (user: UserPublic) => void): void {
  const fillFromProfile = useEffectEvent(fill);
  useEffect(() => {
    const controller = new AbortController();
    fetchProfile(controller.signal).then(
      (user) => fillFromProfile(user),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
}
