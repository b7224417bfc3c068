import { useEffect, useState } from 'react';

/**
 * An object URL for the latest blob, kept until a newer blob arrives (so a failed or pending
 * request never blanks the picture) and revoked when replaced or unmounted.
 */
export function useBlobUrl(blob: Blob | undefined): string | null {
  const [state, setState] = useState<{ blob: Blob; url: string } | null>(null);

  useEffect(() => {
    if (!blob || blob === state?.blob) return;
    const url = URL.createObjectURL(blob);
    setState({ blob, url });
  }, [blob, state?.blob]);

  // Revoke each URL once it is no longer the one shown.
  useEffect(() => {
    if (!state) return;
    return () => URL.revokeObjectURL(state.url);
  }, [state]);

  return state?.url ?? null;
}
