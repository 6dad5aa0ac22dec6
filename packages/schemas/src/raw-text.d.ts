/** A file's text, as Vite and Vitest import it with `?raw` (the tests read the spec's snapshot so). */
declare module '*?raw' {
  const text: string;
  export default text;
}
