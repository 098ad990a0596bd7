import { createContext } from 'react';

/**
 * True inside an element embedded in someone else's page: screens there must not grab the
 * page's focus on load (several tags may share one intranet page).
 */
export const EmbeddedContext = createContext(false);

/**
 * What an embedding element wants to hear about records (it turns them into its own DOM events:
 * `<bo-pedidos>` fires `bo-order-created` / `bo-order-submitted`). The portal provides nothing.
 */
export interface RecordEvents {
  created?: (resource: string, record: { id: string } & Record<string, unknown>) => void;
  transition?: (resource: string, transition: string, record: { id: string } & Record<string, unknown>) => void;
}
export const RecordEventsContext = createContext<RecordEvents>({});
