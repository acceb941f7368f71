import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from '@/services/store/store';

/**
 * The app's typed react-redux hooks. Views sit under the shell's `<Provider>`, whose
 * `serverState` is the state the server-rendered HTML was made from, so hydration reads that
 * state and the first render after it the read-back one.
 */
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppStore = useStore.withTypes<AppStore>();
