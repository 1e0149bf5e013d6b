// The package ships no types of its own; only its English list is read here.
declare module 'stopword' {
  export const eng: string[];
}
