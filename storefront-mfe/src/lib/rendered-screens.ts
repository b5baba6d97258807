import { createContext } from 'react';

/** On the server: collects the chunk names of the screens a page was drawn with (null in the browser). */
export const RenderedScreens = createContext<Set<string> | null>(null);
