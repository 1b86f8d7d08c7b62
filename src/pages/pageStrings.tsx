/**
 * The product's words of the page being rendered (src/strings), for the parts deep in the tree that say something
 * of their own (the skip link, a new tab's warning, the globe's description). Server render only: the hydrated
 * form gets its words from its language instead.
 */
import { createContext, useContext } from 'react';
import { site as english } from '../strings/en';

export const PageStrings = createContext(english);

export const usePageStrings = () => useContext(PageStrings);
