'use client';

import { createContext, useContext, type ReactNode } from 'react';

/**
 * How the play views show a question's or an option's text. Plain text by default; a mode with
 * its own notation (maths mania's LaTeX) provides a renderer around the play, so the play views
 * never load it themselves.
 */
export const ContentTextContext = createContext<(text: string) => ReactNode>((text) => text);

export function ContentText({ text }: { text: string }) {
  return <>{useContext(ContentTextContext)(text)}</>;
}
