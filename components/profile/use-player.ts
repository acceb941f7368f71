'use client';

import { getUserById } from '@/services/client/accounts-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { useAppDispatch, useAppSelector } from '@/services/store/hooks';
import { selectUser } from '@/services/store/selectors';
import { userDataReceived, type UserData } from '@/services/store/user-slice';

/**
 * The signed-in player, fetched fresh for a page (loading / error with retry) and written to the
 * store, which the page then reads: the store holds the one copy the header and pages share.
 */
export function usePlayer() {
  const dispatch = useAppDispatch();
  const { data } = useAppSelector(selectUser);
  const query = useApiQuery(
    'player',
    async () => {
      const result = await getUserById();
      if (result.ok) dispatch(userDataReceived(result.data));
      return result;
    },
    () => false,
  );
  const player: UserData | null = query.status === 'content' ? data : null;
  return { status: query.status, retry: query.retry, player };
}
