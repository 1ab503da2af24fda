import type { State, Store } from './store.js';

/** What every panel (one module each in panels/) is handed: the store and its current state. */
export interface PanelProps {
  store: Store;
  state: State;
}
